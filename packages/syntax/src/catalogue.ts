import type { Diagnostic, Severity, Span } from "./diagnostic.js";
import { fillTemplate, type TemplateData } from "./template.js";

/**
 * The sections of docs/diagnostics.md that list base codes, in page order: each section's code table is
 * generated from the catalogue (between markers named `diagnostics-<section>`), the prose around it is not.
 */
export const SECTIONS = {
  reading: "Reading the file",
  bugs: "Bugs in mailroom itself",
  model: "Checking against the model",
  yaml: "Reading the YAML DSL",
  dsl: "Reading the YAML DSL",
  expressions: "Expressions",
  suppressions: "Suppression comments",
  configuration: "The configuration file",
  formatting: "Formatting and decompiling",
  writing: "Writing files and build outputs",
  docs: "Generating documentation",
  evaluation: "Evaluating expressions",
  testing: "Testing services",
} as const;

export type Section = keyof typeof SECTIONS;

/** What the catalogue says of one base code. */
export interface CodeEntry {
  /** The severity it is reported with, unless the configuration sets another (when `configurable`). */
  readonly severity: Severity;
  /** Whether `mailroom.config.yaml` may set its severity like a rule's. */
  readonly configurable?: true;
  /** What it means, in Markdown, by section of docs/diagnostics.md (a code may mean one thing per file kind). */
  readonly docs: Readonly<Partial<Record<Section, string>>>;
  /** Its messages by id: one sentence each, with `{{name}}` placeholders filled by `message`. */
  readonly messages: Readonly<Record<string, string>>;
}

/**
 * Every base code: a problem reading, compiling or validating a file, or reading the configuration, as
 * opposed to a rule's finding. Codes are stable and never reused; adding one is adding an entry here (and a
 * row appears in docs/diagnostics.md when the docs are generated). Entries are in page order.
 */
export const CATALOGUE = {
  "invalid-encoding": {
    severity: "error",
    docs: {
      reading:
        "The file is not UTF-8. The position is the first byte that is not part of a UTF-8 character. A file that starts with the byte order mark of UTF-16 or UTF-32 is named as such (which one, little- or big-endian), with the command that converts it: `iconv -f UTF-16 -t UTF-8 file > converted`.",
    },
    messages: {
      foreignBom:
        'Found {{encoding}} ({{order}}) text, with its byte order mark; expected UTF-8: convert the file, e.g. with "iconv -f {{encoding}} -t UTF-8".',
      notUtf8: "Found a byte sequence that is not UTF-8 at byte {{byte}}; expected UTF-8 text.",
    },
  },
  "file-too-large": {
    severity: "error",
    docs: {
      reading:
        "The file is larger than the limit of its kind: 1 MiB for a `.yaml`/`.yml` file (DSL services, the configuration), 8 MiB for any other (JSON), far beyond any real service (a few KiB to a few hundred KiB of DSL; its JSON is 4 to 10 times larger, so the build output of a DSL file under its limit is under the JSON one). At these sizes every command takes at most a few seconds and a few hundred MB (`npm run bench` reports the figures). The file is not read beyond the limit, whatever it claims to be: `/dev/zero` or a pipe is refused once the limit is read.",
    },
    messages: {
      tooLarge: "Found a file of {{size}} bytes; expected at most {{limit}} bytes ({{mib}} MiB) for a {{kind}} file.",
    },
  },
  "file-unreadable": {
    severity: "error",
    docs: {
      reading:
        "The file (or a directory found while searching one) cannot be read: permission denied, a symbolic link to nothing or a loop of links, a file that vanished. The message gives the system's reason and code (`permission denied (EACCES)`). The other files are still processed.",
    },
    messages: {
      unreadable: "Found a {{what}} that cannot be read: {{reason}}; expected a readable {{expected}}.",
    },
  },
  "syntax-error": {
    severity: "error",
    docs: {
      reading:
        "The text is not valid JSON: the message names the token found and what JSON expected there. A trailing comma is named as such. A file with syntax errors is not validated further, since the gaps recovery leaves would read as missing fields.",
    },
    messages: {
      jsonUnexpected: "Found {{found}}; expected {{expected}}.",
      jsonTrailingComma:
        "Found a trailing comma before {{found}}; expected another entry after the comma, or no comma (JSON does not allow trailing commas).",
      jsonEmpty: "Found an empty file; expected a JSON value.",
      yamlEmpty: "Found an empty document; expected a YAML value such as a mapping.",
      secondDocument: "Found a second YAML document starting with {{found}}; expected one document per file.",
      readerFailed: "Found YAML the reader failed on ({{error}}); expected YAML it can read.",
      keyMissing: 'Found ":" with no key before it; expected a key such as "name:".',
      collectionKey: 'Found a {{kind}} used as a key; expected a string key such as "name:".',
      aliasInsideAnchor:
        'Found the alias "*{{name}}" inside the value anchored "&{{name}}" it refers to; expected an alias to a complete value (a value cannot contain itself).',
      aliasUnknown:
        'Found the alias "*{{name}}", but no anchor "&{{name}}" comes before it; expected an anchor defined earlier in the document.',
      quoteUnclosed:
        "Found a {{style}}-quoted string that is never closed; expected a closing {{style}} quote ({{quote}}).",
      doubleQuoteEscaped:
        'Found a double-quoted string that is never closed: its last " is escaped by the backslash before it; expected a closing double quote (") after it (a backslash itself is written \\\\).',
      singleQuoteEscaped:
        "Found a single-quoted string that is never closed: its last '' is an escaped quote; expected a closing single quote (') after it.",
      tabIndent: "Found a tab used for indentation; expected spaces.",
      flowNeverClosed: 'Found {{found}} that is never closed; expected "{{closer}}" to end the flow {{collection}}.',
      flowEndOfFile: 'Found the end of the file inside a flow {{collection}}; expected "{{closer}}" to close it.',
      flowNotClosed:
        'Found {{found}} inside a flow {{collection}} that is not closed or not indented past its key; expected "{{closer}}" to close it first, or more indentation.',
      keyIndent:
        "Found the key {{found}} indented differently from the keys before it; expected every key of a mapping to start in the same column.",
      itemIndent:
        'Found the item {{found}} indented differently from the items before it; expected every "- " item of a sequence to start in the same column.',
      blockLineUnindented:
        "Found the block scalar line {{found}} without indentation; expected it indented more than its key.",
      blockLineLessIndented:
        "Found the line {{found}} indented less than the first line of its block scalar; expected at least the same indentation.",
      flowEndAtKeyIndent:
        "Found {{found}} at the indentation of its key; expected the closing bracket indented more than the key.",
      indentMismatch:
        "Found {{found}} at an indentation that does not fit the lines above; expected it aligned with its siblings or indented under its key.",
      commaMissing: 'Found {{found}} right after the previous entry of a {{collection}}; expected "," between entries.',
      commaOrColonMissing:
        'Found {{found}} right after the previous entry of a {{collection}}; expected "," between entries, or ":" after a key.',
      spaceAfterColonMissing: 'Found {{found}} right after ":" in a flow collection; expected a space after ":".',
      colonMissing:
        'Found {{found}} without ":" after it inside a mapping; expected a key followed by ":" and its value.',
      commentUnseparated: 'Found the comment {{found}} right after other text; expected a space before "#".',
      propertiesUnseparated: "Found {{found}} directly after an anchor or tag; expected a space between them.",
      dashMissing: 'Found {{found}} in a sequence without "- " before it; expected every item to start with "- ".',
      blockLeadingLines:
        'Found leading empty lines indented more than the first line of a block scalar; expected an indentation indicator such as "|2" after "|" or ">".',
      collectionOnDocumentStart:
        'Found the collection {{found}} on the same line as "---"; expected it to start on the next line.',
      documentStartMissing: 'Found {{found}} after a directive; expected a "---" line between directives and content.',
      characterMissing: "Found {{found}} where a character is missing; expected complete YAML punctuation here.",
      itemAsKey:
        "Found the sequence item {{found}} where a mapping key was expected; expected it aligned with the other items of its sequence.",
      secondKeyOnLine:
        'Found a second "key: value" starting at {{found}} on the line of another key; expected one key per line, or quotes around a value that contains ": ".',
      valueAndBlock:
        "Found more-indented lines after the value {{found}}; expected either a value on the key's line or an indented block below the key, not both.",
      multilineKey:
        'Found {{found}} without ":" on its line, so it runs on into the next line as a key; expected "key: value" on one line.',
      afterValue:
        "Found {{found}} after a complete value; expected nothing more there, or an entry aligned with its siblings on a new line.",
      emptyFlowEntry: 'Found an extra "," in a flow collection; expected a value between two commas.',
      sequenceOnKeyLine:
        'Found "- " on the line of a key; expected the sequence to start on the next line, indented under the key.',
      blockHeader:
        'Found {{found}} in a block scalar header; expected only "|" or ">", then optionally "-" or "+" and an indentation digit 1-9.',
      closerUnmatched:
        'Found {{found}} without a matching opening bracket; expected "{{opener}}" before it, or no {{found}}.',
      keyCannotStart: 'Found {{found}} where no key can start; expected a key before ":", aligned with its siblings.',
      tokenMisplaced:
        'Found {{found}}, which cannot appear here; expected a value, a "key: value" entry or a "- " item aligned with its siblings.',
      blockScalarInFlow:
        "Found {{found}} starting a value inside a flow collection; expected a quoted string (block scalars cannot appear inside [ ] or { }).",
      plainStart:
        "Found {{found}} at the start of a plain value; expected the value in quotes (a plain value cannot start with {{found}}).",
      escapeUnknown:
        'Found the escape {{found}} in a double-quoted string; expected one of \\\\ \\" \\/ \\n \\t \\r \\xXX \\uXXXX \\UXXXXXXXX (write a backslash as \\\\).',
      keyTooLong:
        'Found the key {{found}} longer than 1024 characters; expected a shorter key, or an explicit key after "? ".',
      aliasNameless: 'Found "*" without an anchor name; expected "*name" for an earlier "&name".',
      anchorNameless: 'Found "&" without a name; expected "&name".',
      nameEndsInColon:
        'Found an anchor or alias name ending in ":"; expected a space before ":" (here the ":" is part of the name).',
      aliasProperties: "Found an anchor or tag on the alias {{found}}; expected an alias without either.",
      secondAnchor: "Found a second anchor {{found}} on one value; expected at most one anchor.",
      secondTag: "Found a second tag {{found}} on one value; expected at most one tag.",
      propertiesOrder: "Found an anchor or tag before {{found}}; expected it after {{found}}.",
      tagHandleUndeclared:
        'Found the tag {{found}} with a handle no %TAG directive declares; expected "!", "!!" or a declared handle.',
      tagMismatch:
        'Found the tag {{found}}, which does not fit this value; expected no tag, or a core tag that fits it such as "!!str" (the value is read without the tag).',
      directiveUnknown: "Found the unknown directive {{found}}; expected %YAML or %TAG.",
      yamlVersion: "Found the YAML version {{found}}; expected 1.1 or 1.2 (mailroom reads YAML 1.2 in any case).",
      directiveMalformed: 'Found the malformed directive {{found}}; expected "%YAML 1.2" or "%TAG !handle! prefix".',
      blockInFlow:
        'Found {{found}} inside a flow collection, where it reads as a nested block collection; expected "," between entries, or a nested collection written with [ ] or { }.',
      unplaced: "Found {{found}}, which the YAML reader could not place; expected well-formed YAML here.",
    },
  },
  "duplicate-key": {
    severity: "error",
    docs: {
      reading:
        "The same key appears twice in one object. JSON readers keep the last one silently; the report points at the second.",
    },
    messages: {
      givenThrough:
        "Found {{key}}, a field this file already gives through {{by}}; expected it once: remove this key, or write its value there.",
      givenHere: "{{by}} is here.",
      inMapping: "Found the key {{key}} a second time in the same mapping; expected each key once (the last one wins).",
      inObject: "Found the key {{key}} a second time in the same object; expected each key once (the last one wins).",
      firstHere: "The first {{key}} is here.",
    },
  },
  "more-findings": {
    severity: "info",
    docs: {
      model:
        "A file holds more findings of one code than it lists: the first 100 of each code (in text order) are listed, and one note, at the first one left out, counts the rest (`maxFindingsPerCode` in `mailroom.config.yaml` sets another number). A file with 700,000 unknown keys needs its first few fixed, not 700,000 lines printed; the note has the info severity, the findings listed keep theirs. The findings not listed are not even built, only counted: the totals of a run and `--max-warnings` count them all, with their own severity.",
    },
    messages: {
      rest: 'Found {{count}} more "{{code}}" findings in this file, not listed; at most {{max}} of one code are listed per file.',
    },
  },
  "too-deep": {
    severity: "error",
    docs: {
      reading:
        "Objects and arrays are nested more than 1,000 levels. Real services are a few dozen levels deep; the bound keeps every later pass safe from stack exhaustion.",
    },
    messages: {
      json: "Found objects and arrays nested more than {{max}} deep; expected at most {{max}} levels.",
      jsonStack: "Found nesting too deep to read; expected at most {{max}} levels.",
      yaml: "Found mappings and sequences nested more than {{max}} deep; expected at most {{max}} levels.",
    },
  },
  "not-a-service": {
    severity: "error",
    docs: {
      reading:
        'The top of the file is neither a service object, nor an array of services, nor an authentication response `{"result": {"services": [...]}}`.',
    },
    messages: {
      notAService:
        'Found {{found}} {{where}}; expected a service object, an array of services, or an authentication response {"result": {"services": [...]}}.',
    },
  },
  "internal-error": {
    severity: "error",
    docs: {
      bugs: "A rule (or the decompiler's check of what it wrote) failed on this input: a bug in mailroom. The other rules still ran and their findings are reported; please report the file.",
    },
    messages: {
      ruleFailed:
        'Rule "{{rule}}" failed on this service ({{error}}); this is a bug in mailroom, please report it with the file.',
      checkerFailed:
        "The checker failed on this file ({{error}}); the DSL has no comments for the problems it would have found.",
    },
  },
  "missing-field": {
    severity: "error",
    docs: {
      model:
        "A required field is absent. The report sits on the key of the object that lacks it and names the expected type. When a key in the same object looks like a misspelling of the missing field (`minElement` for `minElements`), the single report sits on that key instead, with the renaming as its fix.",
    },
    messages: {
      missing: 'Missing field "{{field}}" in {{owner}}; expected {{expected}}.',
      misspelt: 'Missing field "{{field}}" in {{owner}}; found "{{typo}}", which looks like a misspelling of it.',
      jsonName: 'Missing field "{{field}}" in {{owner}}; found "{{typo}}", which is its name in the JSON.',
      misspeltJsonName:
        'Missing field "{{field}}" in {{owner}}; found "{{typo}}", which looks like a misspelling of "{{like}}", its name in the JSON.',
      discriminator: 'Missing field "{{field}}" in {{owner}}; expected one of {{options}}.',
      splitKey: 'Missing key "{{key}}" in a split by {{kind}}; expected {{expected}}.',
      authenticationServices:
        'Missing field "services" in "result"; expected the list of services of the authentication response.',
    },
  },
  "wrong-type": {
    severity: "error",
    docs: {
      model: "A value has the wrong JSON type (a string where an integer is expected, an object where an array is).",
    },
    messages: {
      configTop: 'Found {{value}} at the top of "{{file}}"; expected a mapping with "rules", "overrides" or "ignore".',
      configSetting:
        'Rule "{{rule}}" is set to {{value}}; expected a severity ({{severities}}) or an object with "severity" and "options".',
      wrongType: "{{field}} is {{value}}; expected {{expected}}.",
      notAnObject: '{{field}} is {{value}}; expected an object with "{{discriminator}}" one of {{options}}.',
    },
  },
  "invalid-value": {
    severity: "error",
    docs: {
      model:
        "A value is not among the allowed ones (an enum such as the service `type` or an apposition's `targetType`) or does not have the required form (a UUID, an apposition id, a webhook URL). The nearest allowed value is suggested when one is close.",
    },
    messages: {
      notFinite:
        "Found {{number}}, a number JSON cannot hold (it would be written null); expected a finite number, or a string in quotes.",
      notAllowed: "{{field}} is {{value}}; expected {{allowed}}.",
      notAllowedNear: '{{field}} is {{value}}; expected {{allowed}}. Did you mean "{{suggestion}}"?',
      refused: "{{field}} is {{value}}; {{expected}}.",
    },
  },
  "out-of-range": {
    severity: "error",
    docs: {
      model:
        "A number or a text length is outside its bounds: colour components 0..255, alpha 0..1, area values and counts >= 0, `maxExpected`/`maxMatches` > 0 or -1, ranks and page counts >= 1, non-empty split values.",
    },
    messages: {
      inexactInteger:
        "Found {{number}}, an integer beyond 2^53 that JSON readers do not keep exactly (it would be written {{written}}); expected an integer of at most 2^53 in magnitude, or a string in quotes.",
      beyondBound: "{{field}} is {{value}}; expected {{expected}}.",
      refused: "{{field}} is {{value}}; {{expected}}.",
    },
  },
  "unknown-type": {
    severity: "error",
    docs: {
      model: "An `@type` is not one of the types valid at that place; the message lists them and suggests the nearest.",
    },
    messages: {
      unknown: 'Unknown "{{discriminator}}" {{value}} in {{field}}; expected one of {{options}}.',
      unknownNear:
        'Unknown "{{discriminator}}" {{value}} in {{field}}; expected one of {{options}}. Did you mean "{{suggestion}}"?',
    },
  },
  "unknown-key": {
    severity: "warning",
    configurable: true,
    docs: {
      model:
        "A key the model does not know, on an object the spec shows in full, and not near any key it knows (a likely misspelling is a `misspelt-key` error). Objects whose fields the spec does not show in full (DATA_FILE and ARCHIVE boxes, channels, output files) pass unknown keys through without a warning.",
      dsl: "A key the language does not know, and not near any key it knows where the spec lists the object's fields in full (a likely misspelling there is a `misspelt-key` error). It is passed through into the JSON object it sits in, unchanged. On channels, output files, data-file and archive boxes, whose extra fields the spec expects, only a likely misspelling is reported.",
    },
    messages: {
      configOptions: 'Found "options" for "{{rule}}", which has none; expected only "severity".',
      passedThroughNear:
        'Unknown key "{{key}}"; did you mean "{{suggestion}}"? It is passed through to the JSON unchanged.',
      passedThrough: 'Unknown key "{{key}}"; it is passed through to the JSON unchanged. Known keys here: {{known}}.',
      otherSplit: 'Key "{{key}}" does not apply to a split by {{kind}}; it is passed through to the JSON unchanged.',
      unknown: 'Unknown key "{{key}}" in {{owner}}; expected one of {{known}}.',
    },
  },
  "misspelt-key": {
    severity: "error",
    docs: {
      model:
        "A key the model does not know but that looks like a misspelling of a field it does, on an object the spec shows in full (a box's common fields, a PDF box's, a split, a reconcile, a metadata, an apposition...): `hiden` for `hidden`. The fix renames it. The key would otherwise reach the service while the field it was meant for keeps its default, so the service is not built. On objects whose extra fields the spec expects (channels, output files, DATA_FILE and ARCHIVE boxes) a likely misspelling stays an `unknown-key` warning.",
      dsl: "A key the language does not know but that looks like a misspelling of one it knows, on an object whose fields the spec lists in full (`hiden: true` in a PDF box). The fix renames it; until then the service is not built. On channels, output files, data-file and archive boxes, whose extra fields the spec expects, a likely misspelling stays an `unknown-key` warning and is passed through.",
    },
    messages: {
      misspelt: 'Unknown key "{{key}}" in {{owner}}; did you mean "{{suggestion}}"?',
      misspeltHere: 'Unknown key "{{key}}"; did you mean "{{suggestion}}"?',
    },
  },
  "too-large": {
    severity: "error",
    docs: {
      yaml: 'Aliases (`*name`) that would expand the document beyond 100,000 nodes: the shape of a "billion laughs" attack. The offending aliases are read as empty.',
    },
    messages: {
      aliases: "Found aliases that expand to more than {{max}} nodes; expected a smaller document.",
    },
  },
  "misplaced-key": {
    severity: "error",
    docs: {
      dsl: "A key the language knows, on a box of a type it does not apply to (`metadata`, `from`, `main`, `split`... on an archive box); the message says which box types it applies to. Nothing is compiled from it. PDF keys on a data-file box are the exception: the spec lets such fields exist there, and `pdf-only-field` reports them.",
    },
    messages: {
      wrongBoxType: 'Key "{{key}}" applies to {{types}} boxes; box {{box}} is {{article}} {{type}} box.',
    },
  },
  "expression-in-flow-mapping": {
    severity: "error",
    docs: {
      dsl: "An unquoted expression in a flow mapping (`{ ... }`) that YAML cut short: YAML ends an entry at each comma and reads `[ ] { }` as its own, so `{ match: matches(archivePath, /\\.pdf$/) }` holds the expression `matches(archivePath`. Reported once, over the whole expression, in place of the syntax, expression and unknown-key errors it causes; the fix quotes the expression (`'...'`). Writing the mapping in block form works too.",
    },
    messages: {
      cutAtComma:
        "The expression of {{key}} is cut short at a comma: inside { } YAML ends an entry at each comma, so it reads only {{read}}; quote the expression or write the mapping in block form.",
      cutAtBracket:
        "The expression of {{key}} is cut short at {{bracket}}: inside { } YAML reads brackets as its own, so it reads only {{read}}; quote the expression or write the mapping in block form.",
    },
  },
  "expression-syntax": {
    severity: "error",
    docs: {
      expressions: "The expression text does not follow the grammar.",
    },
    messages: {
      empty: "Expected an expression but found end of text.",
      unexpected: "Expected {{expected}} but found {{found}}.",
      trailing: "Expected an operator or end of text but found {{found}}.",
      trailingCloser: "Expected an operator or end of text but found an unmatched {{found}}.",
      comparisonChained:
        'Expected "and", "or" or end of text after a comparison but found "{{operator}}"; comparisons do not chain.',
      pipeName: 'Expected a function name after "|" but found {{found}}.',
      pipeSliced:
        'Expected "|", an operator or end of text after the pipe step "{{step}}" but found "["; to slice the result, write (… | {{step}})[begin:end].',
      sliceColon: 'Expected ":" after the begin index of a slice but found {{found}}.',
      sliceBegin: 'Expected an integer or ":" in a slice but found {{found}}.',
      sliceClose: 'Expected "]" to close the slice but found {{found}}.',
      sliceOpened: "Slice opened here.",
      memberName: 'Expected a name after "{{namespace}}." but found {{found}}.',
      parenClose: 'Expected ")" to close the parenthesis but found {{found}}.',
      parenOpened: "Parenthesis opened here.",
      objectKey: 'Expected a key (a name or a string) followed by "=" in the object but found {{found}}.',
      objectEquals: 'Expected "=" after the key {{key}} in the object but found {{found}}.',
      listClose: 'Expected "{{closer}}" to close {{list}} but found {{found}}.',
      listStarts: "{{list}} starts here.",
      listSeparator: 'Expected "," or "{{closer}}" in {{list}} but found {{found}}.',
      colonForEquals: 'Found ":" after {{what}}; {{which}} are written {{example}} (YAML ends a value at ": ").',
      hexDigits: 'Expected four hexadecimal digits after "\\u" but found {{found}}.',
      escapeUnknown: 'Unknown escape "{{escape}}" in a string; expected one of \\" \\\\ \\/ \\n \\r \\t or \\uXXXX.',
      unterminated: "Expected a closing {{quote}} to end the {{what}} but found end of text.",
    },
  },
  "expression-too-deep": {
    severity: "error",
    docs: {
      expressions: "More than 256 levels of nesting in one expression.",
    },
    messages: {
      nesting: "Expected at most {{max}} levels of nesting but found more; split the expression into smaller ones.",
    },
  },
  "unknown-function": {
    severity: "error",
    docs: {
      expressions: "A call or bare name that is not a function or keyword; the nearest is suggested.",
    },
    messages: {
      bareNamespace: 'Expected a name after "{{name}}" but found none; write {{name}}.NAME or {{name}}["any text"].',
      unknownFunctionNear: 'Unknown function "{{name}}"; did you mean "{{suggestion}}"?',
      unknownFunction: 'Unknown function "{{name}}"; expected one of {{functions}}.',
      unknownNameNear: 'Unknown name "{{name}}"; did you mean "{{suggestion}}"?',
      reservedWord: 'Unknown name "{{name}}"; "{{name}}" is a reserved word; write "{{name}}" in quotes for the text.',
      unknownName:
        'Unknown name "{{name}}"; expected a keyword such as fileName, a string, or a reference such as meta.{{name}}.',
    },
  },
  "unknown-namespace": {
    severity: "error",
    docs: {
      expressions: "A reference prefix other than `meta`, `req`, `ou`, `output`.",
    },
    messages: {
      unknownNear: 'Unknown namespace "{{name}}"; did you mean "{{suggestion}}"?',
      unknown: 'Unknown namespace "{{name}}"; expected {{namespaces}}.',
    },
  },
  "unknown-argument": {
    severity: "error",
    docs: {
      expressions: "A named argument or flag the function does not have.",
    },
    messages: {
      unknownNear: 'Unknown argument "{{argument}}" of "{{function}}"; did you mean "{{suggestion}}"?',
      unknown: 'Unknown argument "{{argument}}" of "{{function}}"; expected {{arguments}}.',
      noNamed: 'Unknown argument "{{argument}}" of "{{function}}"; "{{function}}" takes no named arguments.',
    },
  },
  "wrong-argument": {
    severity: "error",
    docs: {
      expressions: "An argument of the wrong kind, too many or too few arguments, conflicting targets.",
    },
    messages: {
      sliceWithoutBegin:
        "Expected a begin index in the slice but found none; only fileName may omit it (write [0:{{end}}]).",
      pipedNotText:
        'Expected a function that takes a text after "|" but found "{{function}}", whose first argument is not a text.',
      keywordCalled: 'Expected "{{function}}" without parentheses but found a call; it takes no arguments.',
      noArguments: 'Expected arguments for "{{function}}" but found none; write {{signature}}.',
      notInteger: "Expected an integer for {{what}} but found the number {{number}}.",
      repeated: 'Expected the argument "{{argument}}" of "{{function}}" once but found it twice.',
      positionalAfterNamed:
        'Expected positional arguments of "{{function}}" before the named ones but found one after "{{named}}=".',
      tooMany: 'Expected at most {{most}} {{arguments}} for "{{function}}" but found more.',
      tooManyPiped:
        'Expected at most {{most}} {{arguments}} for "{{function}}" (the piped text counts as the first) but found more.',
      valuesNamed: 'Expected the values of "{{function}}" by position but found them named.',
      missing: 'Expected the argument "{{argument}}" of {{signature}} but found none.',
      paramsKeyRepeated: 'Expected the key "{{key}}" once in "params" but found it twice.',
      paramsNotString: 'Expected a string for the parameter "{{key}}" but found {{found}}.',
      boxAndMain: 'Expected either "box" or "main" in "{{function}}" but found both.',
      targetAndRaw:
        'Expected either "box"/"main" or the raw fields "fromMain"/"boxName" in "{{function}}" but found both.',
      mainFalse: 'Expected "main" alone but found "main=false"; write "fromMain=false" for the raw field.',
      wrongKind: 'Expected {{expected}} for "{{argument}}" of "{{function}}" but found {{found}}.',
    },
  },
  "expected-value": {
    severity: "error",
    docs: {
      expressions: "A condition (or a regex, array, object) where a value is expected.",
    },
    messages: {
      found: "Expected a value but found {{found}}.",
      boolean: 'Expected a value but found {{found}}; write "{{boolean}}" in quotes for the text.',
      regex: "Expected a value but found {{found}}; a regular expression is only the pattern of replace or matches.",
      array: "Expected a value but found {{found}}; an array is only the area of pdfText.",
      object: "Expected a value but found {{found}}; an object is only the params of pdfText.",
    },
  },
  "expected-condition": {
    severity: "error",
    docs: {
      expressions: "A value where a condition is expected.",
    },
    messages: {
      found: 'Expected a condition but found {{found}}; compare it, for example with == "text".',
    },
  },
  "missing-box-target": {
    severity: "error",
    docs: {
      expressions: "A file or PDF expression outside any box, with no explicit target.",
    },
    messages: {
      noBox:
        'Expected "box=NAME" or "main" in "{{function}}" but found neither; outside a box there is no current box to read.',
    },
  },
  "unused-suppression": {
    severity: "warning",
    configurable: true,
    docs: {
      suppressions:
        "A `# mailroom-disable-next-line <code>` or `# mailroom-disable <code>` comment that silences nothing (no such problem on that line or in the file, which includes a rule turned off in the configuration), or names no known code (the nearest is suggested).",
    },
    messages: {
      inFile:
        'Found a suppression of "{{code}}" that silences nothing; expected a problem with the code "{{code}}" in this file, or remove the comment.',
      onLine:
        'Found a suppression of "{{code}}" that silences nothing; expected a problem with the code "{{code}}" on line {{line}}, or remove the comment.',
      unknownCode: 'Found a suppression of "{{code}}", which is not a rule or diagnostic code; expected a known code.',
      unknownCodeNear:
        'Found a suppression of "{{code}}", which is not a rule or diagnostic code; expected a known code such as "{{suggestion}}".',
    },
  },
  "unknown-rule": {
    severity: "error",
    docs: {
      configuration:
        "A rule id in `rules` that names no rule (the nearest is suggested), or a code that is not a rule and cannot be configured (only `unknown-key` and `unused-suppression` can).",
    },
    messages: {
      notARule:
        'Found "{{code}}", which reports a file that cannot be read or a service that is invalid, not a rule; expected a rule id (of the other codes, only {{configurable}} can be set).',
      unknown: 'Unknown rule "{{rule}}"; expected the id of a rule (listed by mailroom explain).',
      unknownNear:
        'Unknown rule "{{rule}}"; expected the id of a rule (listed by mailroom explain). Did you mean "{{suggestion}}"?',
    },
  },
  "cannot-format": {
    severity: "error",
    docs: {
      formatting:
        "The file reads without error, but the formatter could not lay it out, or its result would not have read back to the same values, comments and compiled JSON. The diagnostic is at the construct concerned and names it (the entry whose value would change, the comment that would be lost, the JSON pointer that would differ). The file is left as it is; every file that parses is meant to be formatted, so this is a bug worth reporting.",
    },
    messages: {
      unsupported: "Found {{construct}}, which the formatter does not lay out; the file is left as it is.",
      wouldChange: "Formatting would change {{what}}; the file is left as it is (please report it).",
    },
  },
  "cannot-decompile": {
    severity: "error",
    docs: {
      formatting:
        "A service whose DSL would not compile back to exactly its JSON: a field the model requires is missing (the compiler would write a default), a field has a type the DSL cannot hold, or a field the DSL passes through has the name of one of its own keys. The message names the first JSON path that would differ. A service whose DSL would be larger than a DSL file may be (1 MiB) is refused too: no command would read the file. Nothing is written for the service.",
    },
    messages: {
      notAnObject: "Found a service that is not an object; expected a service object.",
      notCompiling:
        "The service cannot be written in the DSL without loss: the DSL written for it does not compile ({{errors}}).",
      valueDiffers:
        'The service cannot be written in the DSL without loss: the value at "{{pointer}}" would not come back the same.',
      tooLarge:
        "The service's DSL would be {{size}} bytes; expected at most {{max}} bytes, the size limit of a DSL file, which no command would read.",
      tooLargeAtLeast:
        "The service's DSL would be more than {{size}} bytes (what it passes through as it is); expected at most {{max}} bytes, the size limit of a DSL file, which no command would read.",
    },
  },
  "file-exists": {
    severity: "error",
    docs: {
      formatting:
        "The DSL file a decompiled service would be written to exists already. Nothing is written; `--force` overwrites it.",
    },
    messages: {
      exists: 'Found an existing file "{{file}}" for the service; expected a new file, or --force to overwrite it.',
    },
  },
  "cannot-write": {
    severity: "error",
    docs: {
      writing:
        "A file a command writes (`build`'s JSON, `fmt --write`, `decompile`'s DSL, `lint --fix`) cannot be written: a read-only directory, a directory or a file in the way, a full disk. Reported on the file it was written for (the DSL source, the JSON of a decompiled service), with the system's reason; nothing is written for it, and the other files are still processed. A `lint --output-file` or a `schema --out` that cannot be written ends the command instead, with one line and exit code 2.",
    },
    messages: {
      unwritable:
        'Found that "{{file}}" cannot be written: {{reason}}; expected a writable path, so nothing was written.',
    },
  },
  "stale-build": {
    severity: "error",
    docs: {
      writing:
        'A JSON file that `mailroom build` writes from a DSL file linted in the same run (`x.service.json` beside `x.service.yaml`) differs from what `build` would write now. Such a file is not linted again (its findings are the DSL file\'s, reported there); it is only checked to be up to date, and the report sits where it first differs. Run `mailroom build` on the DSL file. When the DSL file has errors, `build` would write nothing, so nothing is said about the JSON file: the errors are the news. A JSON file linted without its DSL file is linted as JSON. Build outputs that are not kept up to date on purpose can be left out of linting with `ignore: ["**/*.service.json"]` in `mailroom.config.yaml`.',
    },
    messages: {
      stale:
        'Found "{{file}}" different from the JSON "{{source}}" compiles to; expected it up to date: run "mailroom build {{source}}".',
    },
  },
  "template-error": {
    severity: "error",
    docs: {
      docs: "The template given to `mailroom docs --template` cannot be used: its tags do not close, its JavaScript does not parse, or it fails while rendering a service (reading a field the docs model does not have, say). Reported on the template, at the line the template engine names; nothing is written from it. The fields a template can read are listed in docs/docs-generator.md.",
    },
    messages: {
      parse: 'Found a template that does not parse: {{reason}}; expected an Eta template ("<%= it.service.name %>").',
      render:
        'Found that the template fails on the service "{{service}}": {{reason}}; expected it to read only fields of the docs model.',
    },
  },
  "missing-markers": {
    severity: "error",
    docs: {
      docs: "The file given to `mailroom docs --inject` does not hold exactly one `<!-- mailroom-docs:start -->` line followed by one `<!-- mailroom-docs:end -->` line. The documentation is injected between them and nothing else of the file is touched, so without them there is no place to put it; the file is left as it is.",
    },
    messages: {
      missing:
        "Found no {{marker}} marker line; expected a line <!-- mailroom-docs:start --> and, after it, a line <!-- mailroom-docs:end --> where the documentation goes.",
      repeated:
        "Found a second {{marker}} marker line; expected one <!-- mailroom-docs:start --> and one <!-- mailroom-docs:end -->, so that the place of the documentation is clear.",
      order:
        "Found <!-- mailroom-docs:end --> before <!-- mailroom-docs:start -->; expected the start marker line first.",
    },
  },
  "stale-docs": {
    severity: "error",
    docs: {
      docs: "`mailroom docs --check` found a generated file that differs from what `mailroom docs` would write now, that does not exist, or that is the page of a service no longer documented (its file deleted or renamed): the services changed since their documentation was generated. Run the same command without `--check` to update it (it removes the pages left behind). Nothing is written in check mode.",
    },
    messages: {
      stale: 'Found "{{file}}" out of date; expected what "mailroom docs" generates now: run it without --check.',
      missing: 'Found no "{{file}}"; expected the page "mailroom docs" generates: run it without --check.',
      left: 'Found "{{file}}", the page of a service no longer documented; expected no such page: run the command without --check, which removes it.',
    },
  },
  "cannot-evaluate": {
    severity: "error",
    docs: {
      evaluation:
        "`mailroom eval` could not give a metadata a value on a document, and says why at the expression that could not be evaluated: a Java construct the evaluator refuses rather than risk a value Java would not give (see docs/evaluation.md), a date or number that does not read, a requirement, unit or NUID not given, a slice past the end of its text, a metadata that depends on itself. No value is ever guessed: the metadata is reported with no value.",
    },
    messages: {
      metadata:
        'Found that metadata "{{name}}" of box "{{box}}" has no value on "{{file}}": {{reason}}; expected an expression mailroom can evaluate there.',
    },
  },
  "duplicate-case": {
    severity: "error",
    docs: {
      testing:
        "Two cases of a `*.service.test.yaml` file have the same name. Reports, `--case` and JUnit name cases by their names, so each must be unique in its file; the report points at the second, the first is related.",
    },
    messages: {
      duplicate: 'Found a second case named "{{name}}"; expected each case\'s name once in its file.',
      firstHere: 'The first case named "{{name}}" is here.',
    },
  },
  "no-expectations": {
    severity: "error",
    docs: {
      testing:
        "A case has no `expect`: it would pass whatever its outcome. `mailroom test --update` records the current outcome as its expectations (review them before committing); until then the case is broken.",
    },
    messages: {
      missing:
        'Case "{{name}}" has no "expect", so it would pass whatever the outcome; expected the outcome it should have (mailroom test --update records the current one).',
    },
  },
  "unknown-box": {
    severity: "error",
    docs: {
      testing:
        "A test case names a box the service tested does not have: under `files`, `documents`, `violations`, or in a `BOX#n` reference of `attachedTo` (which must name a MAIN box, since attachments go to MAIN documents). The nearest box name is suggested. Under `documents`, an archive box is refused too: its files are extracted into the boxes whose `parent` it is, and those boxes hold the documents.",
    },
    messages: {
      unknown: 'Found box "{{box}}", which the service "{{service}}" does not have; expected one of {{boxes}}.',
      unknownNear:
        'Found box "{{box}}", which the service "{{service}}" does not have; expected one of its boxes. Did you mean "{{suggestion}}"?',
      notMain:
        'Found box "{{box}}" in a document reference, which is not a MAIN box; expected a MAIN box ({{boxes}}), since attachments go to MAIN documents.',
      archive:
        'Found archive box "{{box}}" under "documents"; expected a box that holds documents: an archive\'s files go to the boxes whose parent it is.',
    },
  },
  "unknown-metadata": {
    severity: "error",
    docs: {
      testing:
        "A test case expects a value of a metadata its box does not define. Only the metadata of a document's own box are evaluated on it; the nearest name is suggested.",
    },
    messages: {
      unknown: 'Found metadata "{{name}}", which box {{box}} does not define; expected one of {{names}}.',
      unknownNear:
        'Found metadata "{{name}}", which box {{box}} does not define; expected one of its metadata. Did you mean "{{suggestion}}"?',
      none: 'Found metadata "{{name}}", but box {{box}} defines no metadata; expected none under "metadata".',
    },
  },
  "broken-service": {
    severity: "error",
    docs: {
      testing:
        "The service a test file tests cannot be run: its file does not exist, cannot be read, holds no service or several, or has errors (`mailroom lint` names them; they are printed too). A service with errors is not simulated, since its expressions may hold what the compiler put in place of a mistake. Reported at `service` when the file gives it, else at the start of the file.",
    },
    messages: {
      missing: 'Found no service file "{{file}}" to test: {{reason}}; expected the service this file tests.',
      errors:
        'Found errors in the service "{{file}}" this file tests; expected a service without errors (mailroom lint).',
      count: 'Found {{count}} services in "{{file}}"; expected one service in the file a test file tests.',
    },
  },
  "bad-sample": {
    severity: "error",
    docs: {
      testing:
        "A file a test case gives cannot be used: it does not exist, cannot be read, or is not what its box takes (a truncated or corrupted PDF, a ZIP that is not one or that inflates past the limits of docs/evaluation.md, a JSON organizational unit that does not parse). Reported at the path in the test file, with the reason; the other test files are still run.",
    },
    messages: {
      unusable: 'Found that "{{file}}" (box {{box}}) cannot be used: {{problem}}; expected a file the box takes.',
      entry:
        'Found that "{{entry}}" in the archive "{{file}}" (box {{box}}) cannot be used: {{problem}}; expected a file its box takes.',
      unit: 'Found that the organizational unit "{{file}}" cannot be used: {{problem}}; expected JSON as the API returns it.',
    },
  },
  "path-escape": {
    severity: "error",
    docs: {
      testing:
        "A path of a test case leads outside the test file's workspace, through `..` or an absolute path, or through a symbolic link whose target is outside it. The workspace is the folder of the nearest `mailroom.config.yaml` above the test file, else of the nearest git repository, else the test file's own folder: samples may be shared within a project, and running a test file never reads what lies beyond it.",
    },
    messages: {
      outside:
        'Found "{{path}}", which leads outside the workspace of the test file (the folder of the nearest mailroom.config.yaml, else of the git repository, else its own folder); expected a path inside it.',
      link: 'Found "{{path}}", a symbolic link to "{{target}}" outside the workspace of the test file; expected a file inside it.',
    },
  },
} as const satisfies Record<string, CodeEntry>;

export type BaseCode = keyof typeof CATALOGUE;
type Messages<C extends BaseCode> = (typeof CATALOGUE)[C]["messages"];
export type MessageId<C extends BaseCode> = keyof Messages<C> & string;

/** Every base code, sorted. */
export const BASE_CODES: readonly BaseCode[] = (Object.keys(CATALOGUE) as BaseCode[]).sort();

export const isBaseCode = (code: string): code is BaseCode => Object.hasOwn(CATALOGUE, code);

/**
 * The base codes `mailroom.config.yaml` may set like a rule, with their default severity: an unknown key may be
 * tolerated (or refused), a stale suppression may fail the lint. The other base codes say the file cannot be
 * read or the service is invalid; their severity is not a matter of taste.
 */
export const CONFIGURABLE_CODES: ReadonlyMap<string, Severity> = new Map(
  BASE_CODES.flatMap((code): [BaseCode, Severity][] => {
    const entry: CodeEntry = CATALOGUE[code];
    return entry.configurable ? [[code, entry.severity]] : [];
  }),
);

/** The text of message `id` of a base code, its placeholders filled from `data`. */
export function message<C extends BaseCode, I extends MessageId<C>>(
  code: C,
  id: I,
  data: TemplateData<Messages<C>[I] & string>,
): string {
  return fillTemplate((CATALOGUE[code].messages as Record<string, string>)[id] as string, data);
}

/** A diagnostic of a base code with its default severity and message `id`. */
export function diagnostic<C extends BaseCode, I extends MessageId<C>>(
  code: C,
  id: I,
  data: TemplateData<Messages<C>[I] & string>,
  span: Span,
): Diagnostic {
  return { code, severity: CATALOGUE[code].severity, message: message(code, id, data), span };
}
