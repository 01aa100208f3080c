// @js-joda/locale_es ships no types; its Locale is the same class as the other locale packages'.
declare module "@js-joda/locale_es" {
  const localeEs: { readonly Locale: typeof import("@js-joda/locale_en").Locale };
  export default localeEs;
}
