// Deterministic generator of realistic, lint-clean mailroom services, in the DSL, with their JSON compiled by the
// real compiler. Modelled on examples/: a MAIN PDF box (split or not, appositions, 3-30 metadata), attachment PDF
// and data-file boxes reconciled with it, archives whose hidden children extract files by rank, channels with
// pass-through options. Every choice comes from a seeded PRNG: the same seed and index give the same bytes.
//
//   node bench/generate.js [--count 1000] [--seed 1] [--out DIR]   writes DIR/<name>.service.{yaml,json}
//
// Used as a library by bench/run.js. Writes only where it is told (by default a fresh directory under os.tmpdir()).

import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { mulberry32 } from "../scripts/mulberry32.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const { compileDsl } = await import(join(ROOT, "packages/compiler/dist/index.js"));

// ---------------------------------------------------------------------------------------------------------------
// Randomness

/** The generator's randomness, from the repository's one seeded PRNG. */
export function prng(seed) {
  const next = mulberry32(seed);
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  const chance = (p) => next() < p;
  const uuid = () => {
    const hex = () => Math.floor(next() * 16).toString(16);
    const part = (n) => Array.from({ length: n }, hex).join("");
    return `${part(8)}-${part(4)}-4${part(3)}-${pick(["8", "9", "a", "b"])}${part(3)}-${part(12)}`;
  };
  return { next, int, pick, chance, uuid };
}

/** The seed of service `index` of a workspace, so that a service does not depend on the ones before it. */
const serviceSeed = (seed, index) => (Math.imul(seed, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0;

// ---------------------------------------------------------------------------------------------------------------
// Vocabulary (French and English, as in the examples)

const DOMAINS = [
  { name: "Factures clients", main: "INVOICES", label: "Lot de factures (PDF)", icon: "receipt-long" },
  { name: "Bulletins de paie", main: "PAYSLIPS", label: "Fichier des bulletins", icon: "badge" },
  { name: "Avis d'échéance", main: "NOTICES", label: "Avis d'échéance (un PDF par bail)", icon: "apartment" },
  { name: "Relevés de compte", main: "STATEMENTS", label: "Relevés mensuels", icon: "account-balance" },
  { name: "Courriers de relance", main: "REMINDERS", label: "Relances (PDF)", icon: "mail" },
  { name: "Contrats d'assurance", main: "POLICIES", label: "Conditions particulières", icon: "shield" },
  { name: "Attestations fiscales", main: "TAX_CERTIFICATES", label: "Attestations (PDF unique)", icon: "domain" },
  { name: "Customer letters", main: "LETTERS", label: "Letters to send (PDF)", icon: "mail-registered" },
  { name: "Purchase orders", main: "ORDERS", label: "Order batch (PDF)", icon: "shopping-cart" },
  { name: "Utility bills", main: "BILLS", label: "Monthly bills", icon: "bolt" },
];
const OU_NAMES = [
  "Distrilog Ouest SAS – Facturation",
  "Groupe Hôtelier Vauban – Service Paie",
  "Foncière Résidences du Littoral – Gestion locative",
  "Syndic Horizon Copropriétés – Agence de Rennes",
  "Cabinet Arvel & Associés – Recouvrement",
  "Mutuelle des Trois Vallées",
  "Northwind Utilities Ltd",
  "Banque Populaire du Lys – Back office",
];
const ATTACHMENTS = [
  ["ANNEX", "Annexes"],
  ["GENERAL_TERMS", "Conditions générales de vente"],
  ["DEBIT_SCHEDULE", "Échéancier de prélèvement SEPA"],
  ["ATTESTATION", "Attestation employeur"],
  ["DELIVERY_NOTE", "Bons de livraison"],
  ["PURCHASE_ORDER", "Bons de commande"],
  ["PRICE_LIST", "Price list"],
  ["COVER_LETTER", "Cover letter"],
  ["CHARGES_LEAFLET", "Notice de régularisation des charges"],
  ["RECEIPT", "Accusés de réception"],
];
const DATA_FILES = [
  ["INVOICE_DATA", "Données Factur-X (XML ou CSV)"],
  ["PAYROLL_DATA", "Export de paie (CSV)"],
  ["LEDGER", "Grand livre (CSV)"],
  ["ORDER_LINES", "Order lines (XML)"],
];
const ARCHIVES = [
  ["BUNDLE", "Archive des pièces justificatives (ZIP)"],
  ["ANNEXES_ZIP", "Pièces jointes (ZIP)"],
  ["SCANS", "Scanned documents (ZIP)"],
];
const META_WORDS = [
  "invoiceNumber",
  "customerCode",
  "customerName",
  "orderReference",
  "contractNumber",
  "employeeId",
  "employeeName",
  "leaseNumber",
  "tenantName",
  "policyNumber",
  "accountNumber",
  "amountDue",
  "dueDate",
  "issueDate",
  "periodLabel",
  "recipientAddress",
  "recipientEmail",
  "batchNumber",
  "documentTitle",
  "paymentReference",
  "archiveKey",
  "sequence",
  "returnAddress",
  "senderSiret",
  "lotNumber",
  "agencyCode",
  "deliveryNote",
  "fileKey",
  "reference",
  "label",
];
const CHANNELS = [
  ["Courrier – lettre verte", "MAIL"],
  ["E-mail sécurisé", "EMAIL"],
  ["Lettre recommandée AR", "REGISTERED_MAIL"],
  ["Archivage électronique", "ARCHIVE"],
  ["Portail client", "PORTAL"],
];
const OU_PROPS = ["EMAIL_ADDRESS", "SENDER_ADDRESS", "RETURN_ADDRESS", "SIRET", "NAME", "ID"];
/** The requirement the spec names; an installation declares its own in the rule's options. */
const REQUIREMENTS = ["POSTAL_ADDRESS_RECIPIENT"];
const TIME_ZONES = ["Europe/Paris", "Etc/UTC", "Europe/Brussels", "America/Montreal"];
const LOCALES = ["fr-FR", "en-GB", "fr-BE", "en-US"];
const PDF_META = ["Title", "Subject", "Author", "Keywords"];
const COLORS = ["#1565C0", "#2E7D32", "#B71C1C", "#00796B", "#FF8F00", "#6A1B9A", "#37474F"];

/** Replacements and the regular expressions they fit (the groups a replacement names exist). */
const REPLACE_FIRST = [
  [String.raw`/^Matricule\s*:?\s*([A-Z]{2}\d{5})\b.*$/`, '"$1"'],
  [String.raw`/^Lot\s*n°\s*/`, '""'],
  [String.raw`/^.*?\b(BC)[-_ ]?(\d{4})[-_ ]?(\d{4,6})\b.*$/`, '"$1-$2-$3"'],
  [String.raw`/^Code client\s*:\s*/`, '""'],
  ["/^0+/", '""'],
  [String.raw`/^(?:Réf|Ref)\.?\s*/`, '""'],
  [String.raw`/^(\d{4})-(\d{2})-\d{2}$/`, '"$1$2"'],
];
const REPLACE_ALL = [
  ["/[^0-9,]/", '""'],
  ["/[^A-Za-z0-9-]/", '"-"'],
  [String.raw`/\s+/`, '" "'],
  [String.raw`/[.\/]/`, '""'],
];
const MATCH_PATTERNS = [
  String.raw`/[A-Z]{2}\d{5}/`,
  String.raw`/^\d{8}$/`,
  "/^[A-Z0-9-]+$/",
  "/^TMP/",
  String.raw`/(?i)^[a-z]{3}-\d+$/`,
];
/** Archive entries, one family per rank; each holds distinct file names. */
const MATCHERS = [
  () => String.raw`matches(archivePath, /(?i)^(?:.*\/)?BC[-_]\d{4}[-_]\d{4,6}\.pdf$/, whole)`,
  () => `contains(archivePath | upper, "BL_") and endsWith(archivePath | lower, ".pdf")`,
  () => `endsWith(archivePath | lower, ".xml") and not startsWith(archivePath, "__MACOSX/")`,
  () => `startsWith(archivePath, "orders/") and endsWith(archivePath | lower, ".pdf")`,
  () => String.raw`matches(archivePath, /(?i)^scans\/\d{4}\/.*\.pdf$/, whole)`,
  (r) => `startsWith(archivePath, "part-${r}/") and not startsWith(archivePath, "__MACOSX/")`,
];

// ---------------------------------------------------------------------------------------------------------------
// Expressions

const area = (rng) => {
  const left = rng.int(0, 140);
  const top = rng.int(0, 250);
  return `[${left}, ${top}, ${rng.int(20, 210 - left)}, ${rng.int(4, 12)}]`;
};
const clean = (rng) => {
  const flags = ["trim"];
  flags.push(rng.pick(["normalizeSpace", "normalizeSpace=false"]));
  if (rng.chance(0.7)) flags.push(rng.pick(["removeDiacritics", "removeDiacritics=false"]));
  if (rng.chance(0.7)) flags.push("multiline=false");
  return `clean(${flags.join(", ")})`;
};

/**
 * A value expression for a metadata of `box`, reading only what exists: metadata defined before it in the box or
 * in the MAIN box, PDF text and metadata in PDF boxes only, other boxes by name.
 */
function valueExpression(rng, ctx) {
  const pdf = ctx.box.type === "pdf";
  const refs = ctx.available;
  const text = () => {
    const r = rng.next();
    if (pdf && r < 0.4) {
      const params = rng.chance(0.15) ? `, params={sortByPosition="true"}` : "";
      return `pdfText(${rng.pick([1, 1, 1, -1])}, ${area(rng)}${params}) | ${clean(rng)}`;
    }
    if (r < 0.6) {
      const begin = rng.int(0, 12);
      return `fileName[${begin}:${begin + rng.int(2, 14)}]`;
    }
    if (r < 0.75 && refs.length > 0) return `meta.${rng.pick(refs)}`;
    if (pdf && r < 0.82) return `pdfMeta("${rng.pick(PDF_META)}")`;
    if (r < 0.9) return `req.${rng.pick(REQUIREMENTS)}`;
    return `fileName | ${clean(rng)}`;
  };

  // Clean-up steps, each kind at most once per chain (a chain that cleans twice or upper-cases twice is unreal).
  const steps = [
    () => rng.pick(["upper", "lower"]),
    () => {
      const [re, by] = rng.pick(REPLACE_FIRST);
      return `replaceFirst(${re}, ${by})`;
    },
    () => {
      const [re, by] = rng.pick(REPLACE_ALL);
      return `replace(${re}, ${by}, firstOnly=false)`;
    },
  ];
  const piped = () => {
    let expression = text();
    const order = [0, 1, 2];
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (let i = rng.int(0, 3); i > 0; i--) expression += ` | ${steps[order[i - 1]]()}`;
    return expression;
  };
  const date = () => {
    const zone = rng.pick(TIME_ZONES);
    const out = rng.pick([
      `formatDate("d MMMM uuuu", "${zone}", locale="${rng.pick(LOCALES)}")`,
      `formatDate("yyyy-MM-dd", "${zone}")`,
      `formatDate("dd/MM/yyyy HH:mm", "${zone}")`,
      `formatDate("MMMM uuuu", "${zone}", locale="${rng.pick(LOCALES)}")`,
    ]);
    if (rng.chance(0.3)) return `now | ${out}`;
    const parse = rng.pick([
      [`replaceFirst(/^.*?(\\d{2})\\/(\\d{2})\\/(\\d{4}).*$/, "$3-$2-$1")`, `parseDate("yyyy-MM-dd", "${zone}")`],
      [clean(rng), `parseDate("dd/MM/yyyy", "${zone}")`],
      [clean(rng), `parseDate("dd MMMM yyyy", "${zone}", locale="fr-FR")`],
      [`replaceFirst(/^D:(\\d{14}).*$/, "$1")`, `parseDate("yyyyMMddHHmmss", "Etc/UTC")`],
    ]);
    const source =
      pdf && rng.chance(0.7) ? `pdfText(1, ${area(rng)})` : refs.length > 0 ? `meta.${rng.pick(refs)}` : "fileName";
    return `${source} | ${parse[0]} | ${parse[1]} | ${out}`;
  };
  const r = rng.next();
  if (r < 0.45) return piped();
  if (r < 0.6) {
    const parts = [piped()];
    for (let i = rng.int(1, 3); i > 0; i--) {
      parts.push(
        rng.pick(['"-"', '"_"', '" / "', `ou.${rng.pick(OU_PROPS)}`, `"${rng.pick(["INV-", "BP-", "AVE-"])}"`]),
      );
      parts.push(refs.length > 0 && rng.chance(0.6) ? `meta.${rng.pick(refs)}` : text());
    }
    return `concat(${parts.join(", ")})`;
  }
  if (r < 0.72) return date();
  if (r < 0.8) {
    const first = refs.length > 0 && rng.chance(0.5) ? `meta.${rng.pick(refs)}` : "req.POSTAL_ADDRESS_RECIPIENT";
    return `coalesce(${first}, ${piped()})`;
  }
  if (r < 0.85) return `(${piped()})[${rng.int(0, 4)}:${rng.int(5, 20)}]`;
  if (r < 0.9) return rng.chance(0.8) ? `ou.${rng.pick(OU_PROPS)}` : `concat(output.NUID, "_", ${text()})`;
  if (r < 0.94) return rng.chance(0.5) ? "positionInBox" : `concat("${rng.pick(["BP-", "N°"])}", positionInBox)`;
  const target = rng.pick(ctx.fileBoxes);
  return rng.pick([
    `jobFileName(${target})`,
    `jobFileName(${target}, -1, keepExtension=false)`,
    `jobFileName(${target}, 1, keepExtension)`,
  ]);
}

/** A reconcile condition pairing `box` with the MAIN box through their metadata. */
function reconcileCondition(rng, own, main) {
  const a = rng.pick(own);
  const b = rng.pick(main);
  return rng.pick([
    `meta.${a} == meta.${b}`,
    `numEqual(meta.${a}, meta.${b})`,
    `meta.${a} == meta.${b} and not matches(meta.${a}, ${rng.pick(MATCH_PATTERNS)})`,
    `matches(meta.${a}, ${rng.pick(MATCH_PATTERNS)}, whole) and meta.${a} == meta.${b}`,
    `startsWith(meta.${a}, meta.${b}) or meta.${a} == meta.${b}`,
    `contains(meta.${b}, "-01-") or contains(meta.${b}, "-07-")`,
    `meta.${a} == meta.${b} or (meta.${a} | upper) == (meta.${b} | upper)`,
  ]);
}

// ---------------------------------------------------------------------------------------------------------------
// YAML writing

/** Whether `text` may be written as a plain YAML scalar in block context (else a folded block is used). */
const plainSafe = (text) =>
  !/^[\s"'[\]{}&*!|>%@`#,?-]/.test(text) && !/: |:$| #|\t/.test(text) && !/^(true|false|null|~)$/i.test(text);

/** `key: expression`, plain when it is short and safe, else folded (`>-`) at its pipes. */
function writeExpression(lines, indent, key, expression) {
  if (expression.length <= 90 && plainSafe(expression)) {
    lines.push(`${indent}${key}: ${expression}`);
    return;
  }
  lines.push(`${indent}${key}: >-`);
  const parts = expression.split(/ (?=\| )/);
  let line = "";
  for (const part of parts) {
    if (line && line.length + part.length > 100) {
      lines.push(`${indent}  ${line}`);
      line = part;
    } else line = line ? `${line} ${part}` : part;
  }
  lines.push(`${indent}  ${line}`);
}

const range = (min, max) => (min === max ? `${min}` : `${min}..${max === -1 ? "*" : max}`);
const quoted = (text) => JSON.stringify(text);
/** A text as a YAML scalar: plain when that reads back as the same string, quoted otherwise. */
const yamlText = (text) => (plainSafe(text) && !/^[\d.+-]/.test(text) ? text : quoted(text));

// ---------------------------------------------------------------------------------------------------------------
// Services

/**
 * The DSL text of one service. `options.boxes` forces the box count (2-12 by default); `options.metadata` the
 * [min, max] metadata per box (3-30 by default).
 */
export function generateServiceDsl(seed, index, options = {}) {
  const rng = prng(serviceSeed(seed, index));
  const domain = rng.pick(DOMAINS);
  // Skewed towards the low end, as in real services: most have a few boxes (mean ~5.7 of 2-12).
  const boxCount = options.boxes ?? 2 + Math.floor(11 * rng.next() ** 2);
  const [metaMin, metaMax] = options.metadata ?? [3, 30];
  const used = new Set();
  const unique = (base, separator = "_") => {
    let name = base;
    for (let i = 2; used.has(name); i++) name = `${base}${separator}${i}`;
    used.add(name);
    return name;
  };

  // Box plan: the MAIN box, then archives with their children, attachments and data files.
  const boxes = [{ name: unique(domain.main), label: domain.label, type: "pdf", main: true }];
  let remaining = boxCount - 1;
  const archiveCount =
    remaining >= 3 && rng.chance(0.5) ? Math.max(1, Math.min(Math.floor(remaining / 8), rng.int(1, 3))) : 0;
  for (let a = 0; a < archiveCount && remaining >= 2; a++) {
    const [base, label] = ARCHIVES[a % ARCHIVES.length];
    const archive = { name: unique(base), label, type: "archive" };
    boxes.push(archive);
    remaining--;
    const children = Math.max(1, Math.min(remaining - (archiveCount - a - 1) * 2, rng.int(1, 5)));
    for (let rank = 1; rank <= children; rank++) {
      const [cbase, clabel] = rng.chance(0.75) ? rng.pick(ATTACHMENTS) : rng.pick(DATA_FILES);
      const type = DATA_FILES.some(([b]) => b === cbase) ? "data-file" : "pdf";
      boxes.push({
        name: unique(cbase),
        label: clabel,
        type,
        parent: archive.name,
        rank,
        matcher: (rank - 1) % MATCHERS.length,
      });
      remaining--;
    }
  }
  while (remaining > 0) {
    const [base, label] = rng.chance(0.8) ? rng.pick(ATTACHMENTS) : rng.pick(DATA_FILES);
    const type = DATA_FILES.some(([b]) => b === base) ? "data-file" : "pdf";
    boxes.push({ name: unique(base), label, type });
    remaining--;
  }
  const fileBoxes = boxes.filter((b) => b.type !== "archive").map((b) => b.name);
  const hasArchive = boxes.some((b) => b.type === "archive");
  const split = rng.pick(["none", "none", "pages", "area"]);
  const serviceType = hasArchive ? "ADVANCED" : split === "none" ? "SIMPLE_MULTIPLE" : "PREPROCESSING";

  const lines = [];
  const id = 1000 + index;
  lines.push("# yaml-language-server: $schema=../schemas/service-dsl.schema.json");
  lines.push(`# ${domain.name}: generated benchmark service ${index}.`);
  lines.push(`id: ${id}`);
  lines.push(`name: ${yamlText(`${domain.name} ${index}`)}`);
  lines.push(`type: ${serviceType}`);
  lines.push(`organizationalUnit: { id: ${rng.int(1000, 9999)}, name: ${yamlText(rng.pick(OU_NAMES))} }`);
  lines.push("description: >-");
  lines.push(`  ${domain.name} : envoi des documents du lot, accompagnés de leurs pièces justificatives, par courrier`);
  lines.push("  ou par voie électronique selon le choix du destinataire.");
  lines.push(
    rng.chance(0.5)
      ? `icon: { name: ${domain.icon}, color: "${rng.pick(COLORS)}" }`
      : `icon: { name: ${domain.icon}, color: { r: ${rng.int(0, 255)}, g: ${rng.int(0, 255)}, b: ${rng.int(0, 255)}, a: 0.9 } }`,
  );
  lines.push("");
  lines.push("boxes:");

  const mainMetadata = [];
  const referenced = new Set();
  const noteReferences = (expression) => {
    for (const match of expression.matchAll(/\bmeta\.([A-Za-z_][A-Za-z0-9_]*)/g)) referenced.add(match[1]);
  };
  for (const box of boxes) {
    const own = [];
    lines.push(`  ${box.name}:`);
    lines.push(`    type: ${box.type}`);
    lines.push(`    label: ${yamlText(box.label)}`);
    if (box.parent) lines.push("    hidden: true");
    if (box.main) lines.push("    main: true");
    const [minElements, maxElements] = box.main
      ? rng.pick([
          [1, 1],
          [1, 3],
          [1, 50],
          [1, 500],
        ])
      : box.type === "archive"
        ? rng.pick([
            [1, 1],
            [0, 1],
          ])
        : rng.pick([
            [0, 1],
            [1, 1],
            [0, 50],
            [0, 200],
            [1, 500],
          ]);
    lines.push(`    elements: ${range(minElements, maxElements)}`);
    if (box.type === "archive") continue;
    if (box.parent) {
      lines.push("    from:");
      lines.push(`      archive: ${box.parent}`);
      lines.push(`      rank: ${box.rank}`);
      writeExpression(lines, "      ", "match", MATCHERS[box.matcher](box.rank));
    }
    if (!box.main && !box.parent && box.type === "pdf" && rng.chance(0.2)) {
      lines.push("    files:");
      lines.push(`      - { id: ${rng.uuid()}, removable: ${rng.chance(0.5)} }`);
    }
    if (box.type === "pdf") {
      lines.push(`    integrityPreservable: ${box.main ? rng.chance(0.5) : false}`);
      if (box.main && split === "pages")
        lines.push(`    split: { pages: ${rng.int(1, 4)}, editable: ${rng.chance(0.5)} }`);
      else if (box.main && split === "area") {
        lines.push("    split:");
        lines.push(`      area: ${area(rng)}`);
        lines.push(`      value: ${quoted(rng.pick(["^FACTURE N°", "^INVOICE", "^Dans votre intérêt", "^Page 1/"]))}`);
        lines.push(`      page: ${rng.pick(["first", "last"])}`);
        if (rng.chance(0.5)) lines.push(`      params: { sortByPosition: "true" }`);
      } else lines.push("    split: none");
      const addressPage = box.main === true && rng.chance(0.6);
      lines.push(`    hasAddressPage: ${addressPage}`);
      if (box.main && rng.chance(0.6)) {
        lines.push("    appositions:");
        for (let i = rng.int(1, 3); i > 0; i--) {
          const type = rng.pick(["overlay", "image"]);
          const idPart = rng.chance(0.5) ? `id: ${rng.int(100, 9999)}, ` : rng.chance(0.5) ? `id: ${rng.uuid()}, ` : "";
          const target = rng.pick(
            addressPage ? ["DOCUMENT", "ADDRESS_PAGE", "COMPOSED_DOCUMENT"] : ["DOCUMENT", "COMPOSED_DOCUMENT"],
          );
          const pages = rng.pick(['"1"', "1-", "2-", '"1-2"']);
          const flags = `${rng.chance(0.4) ? "background: true, " : ""}${idPart === "" || rng.chance(0.2) ? "editable: true, " : ""}`;
          lines.push(
            `      - { type: ${type}, ${idPart}target: ${target}, pageFilter: ${pages}, ${flags}file: ${rng.uuid()} }`,
          );
        }
      } else lines.push("    appositions: []");
    }
    lines.push("    metadata:");
    // Skewed towards the low end, as in real services: a MAIN box averages ~12 metadata of 3-30, others ~10.
    const skew = box.main ? 2 : 3;
    const count = Math.min(metaMax, metaMin + Math.floor((metaMax - metaMin + 1) * rng.next() ** skew));
    for (let i = 0; i < count; i++) {
      const name = unique(rng.pick(META_WORDS), "");
      const available = box.main ? own : [...own, ...mainMetadata];
      const expression = valueExpression(rng, { box, available, fileBoxes });
      noteReferences(expression);
      // Written once every reference is known (a metadata that nothing reads is persisted, else it is useless).
      lines.push({ name, expression, persist: rng.chance(0.6), editable: rng.chance(0.25), style: rng.next() });
      own.push(name);
    }
    if (box.main) mainMetadata.push(...own);
    else if (rng.chance(box.parent ? 0.9 : 0.8)) {
      lines.push("    reconcile:");
      const condition = reconcileCondition(rng, own, mainMetadata);
      noteReferences(condition);
      writeExpression(lines, "      ", "when", condition);
      if (rng.chance(0.6)) lines.push(`      expected: ${range(minElements, rng.chance(0.5) ? maxElements : -1)}`);
      if (rng.chance(0.6)) lines.push(`      matches: ${rng.pick(["0..*", "1", "0..5", "1..3"])}`);
    }
  }

  lines.push("");
  lines.push("channels:");
  const channelCount = rng.int(1, 3);
  const channelStart = rng.int(0, CHANNELS.length - 1);
  for (let c = 0; c < channelCount; c++) {
    const [label, name] = CHANNELS[(channelStart + c) % CHANNELS.length];
    lines.push(`  ${label}:`);
    lines.push(`    name: ${name}`);
    if (rng.chance(0.4)) lines.push(`    outputFiles: [MAIN${rng.chance(0.5) ? ", COPY" : ""}]`);
    const options = rng.int(0, 2);
    if (options > 0) {
      lines.push("    options:");
      if (options === 1)
        lines.push(`      - { outputFileName: MAIN, optionType: printMode, value: ${rng.pick(["1SIDE", "2SIDE"])} }`);
      else {
        const sheets = rng.int(2, 6);
        lines.push("      - outputFileName: MAIN");
        lines.push("        optionType: printMode");
        lines.push("        value: 1SIDE");
        lines.push(`        condition: &few${c}`);
        lines.push('          "@type": exb.LessThan');
        lines.push('          expr1: { "@type": exv.NumSheetsValue }');
        lines.push(`          expr2: { "@type": exv.Value, value: "${sheets}" }`);
        lines.push("      - outputFileName: MAIN");
        lines.push("        optionType: printMode");
        lines.push("        value: 2SIDE");
        lines.push(`        condition: { "@type": exb.NOT, expr: *few${c} }`);
      }
    }
  }
  const text = [];
  for (const line of lines) {
    if (typeof line === "string") {
      text.push(line);
      continue;
    }
    const { name, expression, editable, style } = line;
    const persist = line.persist || (!editable && !referenced.has(name));
    if (!persist && !editable && style < 0.5) writeExpression(text, "      ", name, expression);
    else if (style > 0.8 && expression.length < 60 && plainSafe(expression) && !/[,[\]{}]/.test(expression)) {
      text.push(
        `      ${name}: { value: ${expression}${persist ? ", persist: true" : ""}${editable ? ", editable: true" : ""} }`,
      );
    } else {
      text.push(`      ${name}:`);
      writeExpression(text, "        ", "value", expression);
      if (persist) text.push("        persist: true");
      if (editable) text.push("        editable: true");
    }
  }
  return `${text.join("\n")}\n`;
}

/** The service's JSON as `mailroom build` writes it; throws when the DSL does not compile cleanly. */
export function compileToJson(file, dsl) {
  const document = compileDsl(file, dsl);
  const errors = document.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0 || document.services.length !== 1) {
    const first = errors[0];
    throw new Error(
      `${file}: generated DSL does not compile: ${first ? `${first.code} ${first.message}` : "no service"}`,
    );
  }
  return `${JSON.stringify(document.services[0].json, null, 2)}\n`;
}

/** Service `index` of the workspace of `seed`: its DSL and JSON. */
export function generateService(seed, index, options = {}) {
  const dsl = generateServiceDsl(seed, index, options);
  return { dsl, json: compileToJson(`svc-${String(index).padStart(5, "0")}.service.yaml`, dsl) };
}

/** Writes services 0..count-1 to `dir` (created under os.tmpdir() when not given); returns the file pairs. */
/** The files of service `index` in `dir`. */
const serviceFiles = (dir, index) => {
  const stem = `svc-${String(index).padStart(5, "0")}`;
  return { yaml: join(dir, `${stem}.service.yaml`), json: join(dir, `${stem}.service.json`) };
};

/** Writes services `from` to `to - 1` of the workspace of `seed` to `dir`. */
function writeServices(seed, dir, from, to) {
  for (let i = from; i < to; i++) {
    const { dsl, json } = generateService(seed, i);
    const files = serviceFiles(dir, i);
    writeFileSync(files.yaml, dsl);
    writeFileSync(files.json, json);
  }
}

/**
 * Writes services 0..count-1 to `dir` (a fresh directory under os.tmpdir() when not given), split over one worker
 * thread per CPU (each service depends only on the seed and its index, so the files are the same however split).
 * Resolves to the directory and the file pairs, in index order.
 */
export async function generateWorkspace({ count = 1000, seed = 1, dir } = {}) {
  const out = dir ?? mkdtempSync(join(tmpdir(), "mailroom-bench-"));
  mkdirSync(out, { recursive: true });
  const workers = Math.max(1, Math.min(availableParallelism(), Math.ceil(count / 100)));
  const chunk = Math.ceil(count / workers);
  await Promise.all(
    Array.from({ length: workers }, (_, w) => {
      const range = { seed, dir: out, from: w * chunk, to: Math.min(count, (w + 1) * chunk) };
      return new Promise((resolve, reject) => {
        const worker = new Worker(new URL(import.meta.url), { workerData: { mailroomBench: range } });
        worker.once("message", resolve);
        worker.once("error", reject);
        worker.once("exit", (code) =>
          code === 0 ? resolve() : reject(new Error(`generator worker exited with ${code}`)),
        );
      });
    }),
  );
  return { dir: out, files: Array.from({ length: count }, (_, i) => serviceFiles(out, i)) };
}

if (!isMainThread && workerData?.mailroomBench) {
  const { seed, dir, from, to } = workerData.mailroomBench;
  writeServices(seed, dir, from, to);
  parentPort?.postMessage("done");
}

// ---------------------------------------------------------------------------------------------------------------
// Stress inputs

/** A service with `boxes` boxes (metadata per box as given), DSL and JSON. */
export function wideService(boxes, seed = 7, metadata = [3, 6]) {
  const dsl = generateServiceDsl(seed, 900_000 + boxes, { boxes, metadata });
  return { dsl, json: compileToJson("wide.service.yaml", dsl) };
}

/** A value expression `depth` levels deep as DSL text: a chain of pipes, each step one level of the JSON tree. */
export function deepExpressionText(depth) {
  const steps = ["upper", "lower", "clean(trim)", 'replace(/-+/, "-", firstOnly=false)'];
  let text = "fileName";
  for (let i = 1; i < depth; i++) text += ` | ${steps[i % steps.length]}`;
  return text;
}

/** The first lines of a service of one MAIN box, down to its `metadata:` key: the stress inputs add their own. */
export const mainBoxHead = (id, name) => [
  `id: ${id}`,
  `name: ${name}`,
  "type: SIMPLE_MULTIPLE",
  "organizationalUnit: { id: 1, name: Bench }",
  "boxes:",
  "  LETTERS:",
  "    type: pdf",
  "    main: true",
  "    elements: 1..10",
  "    split: none",
  "    metadata:",
];

/** A service whose MAIN box has one metadata `depth` levels deep, in the DSL (piped text) and JSON (compiled). */
export function deepService(depth) {
  const head = [
    ...mainBoxHead(77, "Deep expression"),
    "      reference:",
    "        value: fileName[0:8]",
    "        persist: true",
    "      deep:",
    "        persist: true",
    "        value: >-",
  ];
  const tail = ["channels:", "  Mail:", "    name: MAIL"];
  const dsl = `${[...head, `          ${deepExpressionText(depth)}`, ...tail].join("\n")}\n`;
  // JSON: the same tree built directly, since the DSL refuses expressions deeper than 256 levels.
  let content = { "@type": "exv.FileName", fromMain: true };
  const kinds = [
    (expr) => ({ "@type": "exv.StrNormalizeCase", expr, toUpper: true }),
    (expr) => ({ "@type": "exv.StrNormalizeCase", expr, toUpper: false }),
    (expr) => ({ "@type": "exv.StrClean", expr, trim: true }),
    (expr) => ({ "@type": "exv.StrReplace", expr, regExpPattern: "-+", replacement: "-", firstOnly: false }),
  ];
  for (let i = 1; i < depth; i++) content = kinds[i % kinds.length](content);
  const base = JSON.parse(compileToJson("deep-base.service.yaml", `${[...head.slice(0, -3), ...tail].join("\n")}\n`));
  base.properties.boxes[0].metadatas.push({ name: "deep", persist: true, editable: false, content });
  // Compact, as the API returns it: indented, the text would grow with the square of the depth.
  return { dsl, json: `${JSON.stringify(base)}\n` };
}

// ---------------------------------------------------------------------------------------------------------------
// Command line

if (isMainThread && process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : fallback;
  };
  const { dir, files } = await generateWorkspace({
    count: Number(arg("count", "1000")),
    seed: Number(arg("seed", "1")),
    dir: arg("out", undefined),
  });
  console.log(`wrote ${files.length} services (DSL and JSON) to ${dir}`);
}
