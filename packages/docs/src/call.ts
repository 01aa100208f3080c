import { type ExpressionNode, isReference } from "@mailroom/checker";
import {
  DEFAULT_OUTPUT_FILE,
  DEFAULT_PART_NAME_FORM,
  PART_NAME_FORMS,
  type PartNameForm,
  partName,
  SplitConfig,
  serviceFilePart,
} from "@mailroom/model";
import { type Json, object, text } from "./json.js";
import type {
  BoxDocs,
  CallDocs,
  ChannelDocs,
  RequestDocs,
  RequestPartDocs,
  ServiceFilePart,
  UploadDocs,
  WorkedExampleDocs,
} from "./model.js";

/** The placeholder files a request shows of one box at most. */
const MAX_PLACEHOLDERS = 5;

/** What `callDocs` reads of the page being built. */
interface Page {
  readonly id: number | null;
  readonly name: string;
  readonly boxes: readonly BoxDocs[];
  readonly channels: readonly ChannelDocs[];
  readonly workedExample: WorkedExampleDocs | null;
}

/** The service's JSON the docs model does not keep: its boxes' splits, its channels' labels and cut-off times. */
interface Sources {
  readonly boxes: readonly Json[];
  readonly channels: readonly Json[];
}

/** Text in single quotes for a POSIX shell. */
const shellQuote = (value: string): string => `'${value.replaceAll("'", `'\\''`)}'`;

/** A file path in curl's `-F name=@"path"` form, which takes any character. */
const curlFile = (part: string, path: string): string =>
  `-F ${shellQuote(`${part}=@"${path.replace(/["\\]/g, "\\$&")}"`)}`;

const AUTH = `-H "X-Auth-Token: $AUTH_TOKEN"`;
const CURL = "curl -sS --fail-with-body";

/** `curl` reading a body from a here-document; `expand` lets the shell put `$JOB_ID` in (and nothing else). */
function withBody(head: readonly string[], body: string, expand: boolean): string {
  const text = expand ? body.replace(/[\\$`]/g, "\\$&").replace('"\\$JOB_ID"', '"$JOB_ID"') : body;
  return `${head.join(" \\\n  ")} <<${expand ? "JSON" : "'JSON'"}\n${text}\nJSON`;
}

/**
 * Whether a job must hold a file of the box: its `minElements` is above 0, or it is an attachment box whose
 * reconcile expects documents (the simulation checks a reconcile's expected count on attachment boxes only).
 */
export function isMandatory(box: BoxDocs): boolean {
  return box.elements.min > 0 || (box.role === "attachment" && (box.reconcile?.expected.min ?? 0) > 0);
}

/**
 * How an integrator calls the service: the boxes a job fills and where their files come from, the service files
 * to name, the splits a job may override, the requirements read, and each call of the API's flow as a runnable
 * command (their bodies' shapes are the model's JobCreationParameters and DeliveryCommand; tests send them to a
 * server that checks them).
 */
export function callDocs(
  page: Page,
  sources: Sources,
  expressions: readonly ExpressionNode[],
  partNameForm: PartNameForm = DEFAULT_PART_NAME_FORM,
): CallDocs {
  const form = PART_NAME_FORMS[partNameForm];
  const uploadPart = (box: string, n: number | "<n>") => partName(partNameForm, box, n);

  // A configured file with no id is a file still to be added, not one stored: it names no part.
  const serviceFiles = page.boxes.map((box) =>
    box.configuredFiles
      .flatMap((file) => (file.serviceFileId === null ? [] : [{ ...file, serviceFileId: file.serviceFileId }]))
      .map((file, n): ServiceFilePart => ({ box: box.name, part: serviceFilePart(box.name, n), ...file })),
  );
  const uploads: UploadDocs[] = page.boxes.map((box, b) => {
    const stored = serviceFiles[b] ?? [];
    const fromArchive = box.extraction?.archive ?? null;
    const storedWords = stored.map(
      (file) =>
        `the file \`${file.serviceFileId}\` stored with the service, sent as the part \`${file.part}\` carrying its id` +
        (file.removable ? " (removable: a job may leave it out)" : ""),
    );
    const room = box.elements.max === null || box.elements.max > stored.length;
    const uploaded = `uploaded, each file as a part \`${uploadPart(box.name, "<n>")}\` (\`n\` from 0)`;
    return {
      box: box.name,
      anchor: box.anchor,
      files: box.elements,
      mandatory: isMandatory(box),
      fromArchive,
      serviceFiles: stored,
      filledFrom:
        fromArchive !== null
          ? `the entries of the archive \`${fromArchive}\``
          : [...storedWords, ...(stored.length === 0 || room ? [uploaded] : [])].join("; "),
    };
  });

  const editableSplits = page.boxes.filter((box) => box.split?.editable).map((box) => box.name);
  const requirements = [
    ...new Set(expressions.flatMap((node) => (isReference(node, "REQUIREMENT") ? [node.node.identifier] : []))),
  ];
  const jobNotes: string[] = [];

  // An example holds no value the linter rejects: a split that does not pass is left out, with a note.
  const splitConfiguration = Object.fromEntries(
    sources.boxes.flatMap((box) => {
      const split = object(box.splitConfig);
      if (split?.editable !== true) return [];
      const valid =
        SplitConfig.safeParse(split).success &&
        (split["@type"] !== "bsc.PDF_AREA" || split.pages === 1 || split.pages === -1);
      if (!valid) {
        jobNotes.push(
          `The split of \`${box.name}\` is left out: the linter rejects it (see the findings); give it once the service is fixed.`,
        );
        return [];
      }
      return [[box.name as string, split]];
    }),
  );
  const packRequirements = Object.fromEntries(
    requirements.map((name) => [name, { "@type": "exv.Value", value: `<${name}>` }]),
  );
  const jobCreation = {
    jobName: page.name,
    serviceId: page.id === null ? "<service id>" : String(page.id),
    autocreateDeliveryCommand: false,
    ...(requirements.length > 0 && { packRequirements }),
    ...(Object.keys(splitConfiguration).length > 0 && { splitConfiguration }),
  };
  if (requirements.length > 0) {
    jobNotes.push("Replace each requirement's placeholder (`<NAME>`) with the job's value.");
  }

  const parts: RequestPartDocs[] = [{ part: "parameters", kind: "parameters", box: null, value: null }];
  const example = page.workedExample;
  const counters = new Map<string, number>();
  const addUpload = (box: string, path: string) => {
    const n = counters.get(box) ?? 0;
    counters.set(box, n + 1);
    parts.push({ part: uploadPart(box, n), kind: "file", box, value: path });
  };
  if (example !== null && example.problem === null) {
    const folder = example.testFile.includes("/") ? example.testFile.replace(/\/[^/]*$/, "") : ".";
    jobNotes.push(
      `The files are those of the first case of \`${example.testFile}\`, named from its folder: run the commands from \`${folder}\`.`,
    );
    for (const file of example.files) {
      const upload = uploads.find((u) => u.box === file.box);
      if (upload === undefined || upload.fromArchive !== null) continue;
      const taken = (counters.get(file.box) ?? 0) + upload.serviceFiles.length;
      if (upload.files.max !== null && taken >= upload.files.max) {
        jobNotes.push(
          `\`${file.path}\`, which the test case gives for \`${file.box}\`, stands for the file stored with the service: the request sends its id instead.`,
        );
        continue;
      }
      addUpload(file.box, file.path);
    }
  } else {
    jobNotes.push("The file names are placeholders, one for each file a job must hold: put your files' paths.");
    const extensions: Readonly<Record<string, string>> = { "box.PDF": "pdf", "box.ARCHIVE": "zip" };
    page.boxes.forEach((box, b) => {
      const upload = uploads[b] as UploadDocs;
      if (upload.fromArchive !== null) return;
      let needed = Math.max(box.elements.min - upload.serviceFiles.length, 0);
      if (needed === 0 && upload.mandatory && upload.serviceFiles.length === 0) needed = 1;
      const name = box.name.replace(/[^\w.-]/g, "_");
      // A box that takes thousands of files (or more than a number can count) is shown with its first few.
      if (needed > MAX_PLACEHOLDERS) {
        const count = Number.isSafeInteger(needed)
          ? needed.toLocaleString("en")
          : `more than ${Number.MAX_SAFE_INTEGER.toLocaleString("en")}`;
        jobNotes.push(
          `A job must hold ${count} files of \`${box.name}\`: the request shows the first ${MAX_PLACEHOLDERS}; add the others the same way.`,
        );
      }
      for (let i = 1; i <= Math.min(needed, MAX_PLACEHOLDERS); i++) {
        addUpload(box.name, `${name}-${i}.${extensions[box.type] ?? "data"}`);
      }
    });
  }
  for (const file of serviceFiles.flat()) {
    parts.push({ part: file.part, kind: "service-file", box: file.box, value: file.serviceFileId });
  }

  const jobRequest: RequestDocs = {
    title: "Create the job",
    words: [
      "`POST /jobs` takes a multipart request: the `parameters` part (JSON), one part per uploaded file, and one part per stored file carrying its id. `autocreateDeliveryCommand` is `false`, so that the delivery command below chooses the options.",
      ...jobNotes,
      "A response (with the `jobId`, its `status` and `packGroupCountPerStates`) means the files are compatible with the service; none means they probably are not. Set `JOB_ID` to its `jobId`.",
    ],
    command: withBody(
      [
        `${CURL} "$BASE_URL/jobs"`,
        AUTH,
        "-F 'parameters=<-;type=application/json'",
        ...parts.flatMap((part) =>
          part.kind === "file"
            ? [curlFile(part.part, part.value as string)]
            : part.kind === "service-file"
              ? [`--form-string ${shellQuote(`${part.part}=${part.value}`)}`]
              : [],
        ),
      ],
      JSON.stringify(jobCreation, null, 2),
      false,
    ),
  };

  const { deliveryCommand, deliveryWords } = delivery(page.channels, sources.channels);
  const steps: RequestDocs[] = [
    jobRequest,
    {
      title: "Follow the job",
      words: [
        "Ask for the job every 2 to 3 minutes while its `status` is neither `PACK_GROUP_CREATED` nor `PROCESSING_ERROR`.",
        "`PROCESSING_ERROR`: the files are incorrect (they cannot be split, or their content cannot be extracted).",
        "`PACK_GROUP_CREATED`: processing is over and the pack groups exist; keep the `jobId` and check them. For a job with one pack group, `NOT_ELIGIBLE: 1` in `packGroupCountPerStates` signals a problem.",
      ],
      command: `${CURL} "$BASE_URL/jobs/$JOB_ID" ${AUTH}`,
    },
    {
      title: "Check the pack groups",
      words: [
        "For a job of several documents, list the pack groups and check each one's status: a `NOT_ELIGIBLE` pack group says why in its eligibility, and its RAW value can be fixed with `POST /packGroups/{packGroupId}/edit`.",
      ],
      command: `${CURL} "$BASE_URL/jobs/$JOB_ID/packGroups" ${AUTH}`,
    },
    {
      title: "Ask which options a command may choose",
      words: [
        "`result.selectableOptions` gives, by pack group, channel label and output file, the option values a delivery command may choose, by option type (matched against `GET /options/type` and `GET /options`, whose ids differ between production and test).",
      ],
      command: `${CURL} -X POST "$BASE_URL/deliveries/CheckOptions?jobId=$JOB_ID" ${AUTH}`,
    },
    {
      title: "Send the delivery command",
      words: deliveryWords,
      command: withBody(
        [`${CURL} "$BASE_URL/deliveries/commands"`, AUTH, "-H 'Content-Type: application/json'", "--data-binary @-"],
        JSON.stringify({ ...deliveryCommand, jobId: "$JOB_ID" }, null, 2),
        true,
      ),
    },
    {
      title: "Check the deliveries",
      words: [
        "A job is OK when its deliveries are all `READY` or `OUTPUTTED` (a multichannel job has one delivery per channel). A job created with `autocreateDeliveryCommand: true` whose listing is empty has an error (an incorrect address, for example): inspect its pack groups.",
        "Until a delivery is `OUTPUTTED` it waits for the output triggers; then its shipments and their metadata (tracking number, proofs by `GET /shipments/{shipmentId}/trackingFile/{trackingName}`) can be read.",
        "At the end, log out with `/authentication/logout`, sending the token (the API does not show its method).",
      ],
      command: `${CURL} "$BASE_URL/deliveries?jobId=$JOB_ID" ${AUTH}`,
    },
  ];

  return {
    boxes: uploads,
    configuredFiles: serviceFiles.flat(),
    editableSplits,
    requirements,
    partNames: {
      form,
      forms: Object.values(PART_NAME_FORMS),
      words:
        "The API names the part of an uploaded file from its box's name and a counter from 0 for each box, but shows three forms and does not settle which applies (mailroom reads `{ID_PART}` as the box's name). " +
        (partNameForm === DEFAULT_PART_NAME_FORM
          ? `The example uses \`${form}\`, the form built like the one part name the API does state, \`serviceFile__file_<BoxID>_<n>\` for a stored file. Check it against your platform; \`mailroom docs --part-names\` writes the page with another form.`
          : `The example uses \`${form}\`, chosen with \`mailroom docs --part-names\`.`),
    },
    variables: [
      { name: "BASE_URL", words: "The API's base address (`{base_url}`)." },
      {
        name: "AUTH_TOKEN",
        words:
          'The `authToken` of `POST /authentication/authenticate`. With the identity provider\'s token, `-H "Authorization: Bearer $ACCESS_TOKEN"` replaces the `X-Auth-Token` header.',
      },
      { name: "JOB_ID", words: "The `jobId` that `POST /jobs` returns." },
    ],
    jobCreation,
    parts,
    deliveryCommand,
    steps,
  };
}

/**
 * The delivery command a careful integrator sends, with what it may carry. Only an option the channel sets
 * unconditionally on `MAIN` is one a user may choose: the service picks a conditional one per document (forcing
 * it would apply one value to all), and the options of other output files are not meant to be changed.
 */
function delivery(
  channels: readonly ChannelDocs[],
  sources: readonly Json[],
): { deliveryCommand: Record<string, unknown>; deliveryWords: string[] } {
  const words: string[] = [
    "A command is needed only for a job created with `autocreateDeliveryCommand: false`, as above; with `true`, the deliveries are created with the job and its options cannot change.",
    "Ask `POST /deliveries/CheckOptions?jobId=` first (above), and send only the values you override: a command need not repeat the others.",
  ];
  const serviceChannelOptions: Record<string, Record<string, string[]>> = {};
  const cutOffs: string[] = [];
  channels.forEach((channel, c) => {
    const source = sources[c] ?? {};
    const label = text(source.label);
    if (label === undefined || label in serviceChannelOptions) return;
    const cutOff = source.cutOffTime;
    if (typeof cutOff === "string" || typeof cutOff === "number") {
      cutOffs.push(`\`${label}\` posts until its cut-off time \`${cutOff}\` (\`cutOffTime\`)`);
    }
    const name = channel.name === null || channel.name === label ? "" : `, not by its name \`${channel.name}\``;
    words.push(`Commands name this channel by its label, \`${label}\`${name}.`);
    const chosen: string[] = [];
    const byType = new Map<string, typeof channel.options>();
    // An option on MAIN of a channel that has no MAIN output file (the linter's concern) names nothing to send.
    const hasMain = channel.outputFiles.includes(DEFAULT_OUTPUT_FILE);
    for (const option of channel.options) {
      if (!hasMain || option.outputFile !== DEFAULT_OUTPUT_FILE || option.optionType === "" || option.value === "") {
        continue;
      }
      byType.set(option.optionType, [...(byType.get(option.optionType) ?? []), option]);
    }
    for (const [type, options] of byType) {
      if (options.some((option) => option.condition !== null)) {
        words.push(
          `\`${label}\` sets \`${type}\` on \`${DEFAULT_OUTPUT_FILE}\` by a condition for each document (see its channel): the command leaves it out, since a value sent would apply to every document.`,
        );
      } else {
        const value = (options[0] as (typeof options)[number]).value;
        chosen.push(value);
        words.push(
          `\`${label}\` sets \`${type}\` to \`${value}\` on \`${DEFAULT_OUTPUT_FILE}\`: the example sends that value, which changes nothing; put the one CheckOptions offers that you want.`,
        );
      }
    }
    const others = channel.outputFiles.filter((output) => output !== DEFAULT_OUTPUT_FILE);
    if (others.length > 0) {
      words.push(
        `The options of ${others.map((o) => `\`${o}\``).join(", ")} (output files other than \`${DEFAULT_OUTPUT_FILE}\`) are not meant to be changed: the command leaves them out.`,
      );
    }
    if (chosen.length > 0) serviceChannelOptions[label] = { [DEFAULT_OUTPUT_FILE]: chosen };
  });
  const any = Object.keys(serviceChannelOptions).length > 0;
  if (!any)
    words.push(
      "The service sets no option a command may choose, so the command carries only the job's id: its deliveries take the service's options.",
    );
  words.push(
    "`packGroupIds` (optional): the pack groups to deliver; left out, as here, all the pack groups of the job.",
    `\`expectedPostDate\` (optional): when to post, in milliseconds since the epoch, in the future and before the channel's cut-off time; left out, as here, the earliest possible date. ${
      cutOffs.length > 0 ? `${cutOffs.join("; ")}.` : "The service gives no channel's cut-off time (`cutOffTime`)."
    }`,
    "The address page cannot be set by a command: the service configures it.",
  );
  const deliveryCommand = { jobId: "<jobId returned by POST /jobs>", ...(any && { serviceChannelOptions }) };
  return { deliveryCommand, deliveryWords: words };
}
