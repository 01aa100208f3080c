/**
 * Pieces of DSL service text that the tests of several packages start from, so that each test writes only the
 * lines it is about. Each piece is whole lines, every one ending with a line break.
 */

/** The head of a service, up to its `boxes:` key. */
export const serviceHead = (name: string, type = "ADVANCED") => `id: 1\nname: ${name}\ntype: ${type}\nboxes:\n`;

/** A box that is the service's MAIN box, a PDF box of one element; the box's other keys follow it. */
export const mainPdfBox = (name: string) => `  ${name}:\n    type: pdf\n    main: true\n    elements: 1\n`;

/**
 * The Invoices service of the editor tests: the MAIN box "invoices" with the keys `invoices`, the archive box
 * "bundle", and the PDF box "annexes" with the keys `annexes` (where it extracts from, its metadata...).
 */
export const invoicesService = (invoices: string, annexes: string) =>
  `${serviceHead("Invoices")}${mainPdfBox("invoices")}${invoices}  bundle:\n    type: archive\n    elements: 0..1\n  annexes:\n    type: pdf\n    elements: 0..5\n${annexes}`;
