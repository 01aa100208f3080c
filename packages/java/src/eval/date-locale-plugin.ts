import { DateTimeFormatterBuilder } from "@js-joda/core";

/** A DateTimeFormatterBuilder with the text and zone-name printers of one js-joda locale package. */
export type LocaleBuilder = new () => DateTimeFormatterBuilder;

/**
 * Each js-joda locale package, when loaded, overwrites DateTimeFormatterBuilder's text methods with its own,
 * which know only that package's CLDR data: the last one loaded wins. Called right after a package is loaded,
 * this keeps that package's methods on a subclass, so that every bundled locale stays usable.
 */
export function captureLocaleBuilder(): LocaleBuilder {
  const methods = Object.getOwnPropertyDescriptors(DateTimeFormatterBuilder.prototype);
  class Builder extends DateTimeFormatterBuilder {}
  for (const [name, descriptor] of Object.entries(methods)) {
    if (name !== "constructor") Object.defineProperty(Builder.prototype, name, descriptor);
  }
  return Builder;
}
