import { defineRule } from "../../engine/rule.js";
import { boxPath, indexBoxNames, parentOf, q, suggester } from "./shared.js";

/**
 * `parent.boxName` must name an archive box of the service other than the box itself. Archive boxes may carry
 * a `parent` too (a pass-through field the spec does not show): it is held to the same rule. The suggestion
 * is the archive box whose name is nearest, or the only archive box the box could extract from.
 */
export const rule = defineRule({
  meta: {
    id: "parent-not-archive",
    basis: { kind: "states", section: "Box", quote: "boxName: string (name of a valid archive box of the service)" },
    description: "A box's parent names no box, a box that is not an archive box, or the box itself.",
    fixable: true,
    messages: {
      itself: "Box {{box}} extracts from itself; expected the name of an archive box (box.ARCHIVE).",
      itselfSuggest:
        "Box {{box}} extracts from itself; expected the name of an archive box (box.ARCHIVE), such as {{suggestion}}.",
      notABox:
        "Box {{box}} extracts from {{target}}, which is not a box of the service; expected the name of an archive box (box.ARCHIVE).",
      notABoxSuggest:
        "Box {{box}} extracts from {{target}}, which is not a box of the service; expected the name of an archive box (box.ARCHIVE), such as {{suggestion}}.",
      notABoxTypo:
        "Box {{box}} extracts from {{target}}, which is not a box of the service; did you mean {{suggestion}}?",
      notAnArchive:
        "Box {{box}} extracts from {{target}}, a {{type}} box; expected the name of an archive box (box.ARCHIVE).",
      notAnArchiveSuggest:
        "Box {{box}} extracts from {{target}}, a {{type}} box; expected the name of an archive box (box.ARCHIVE), such as {{suggestion}}.",
      defined: "Box {{target}} is defined here.",
      extractFrom: "Extract from {{suggestion}}",
    },
  },
  check(context) {
    const boxes = context.service.properties.boxes;
    const names = indexBoxNames(context.service);
    const archives = [...names.firstArchive.keys()];
    const nearestArchive = suggester(archives);
    // The only archive box a box could extract from, when there is exactly one besides the box itself.
    const onlyOther = (self: string): string | undefined => {
      const others = archives.length - (names.firstArchive.has(self) ? 1 : 0);
      return others === 1 ? archives.find((name) => name !== self) : undefined;
    };
    boxes.forEach((box, index) => {
      const parent = parentOf(box);
      if (!parent) return;
      const target = parent.boxName;
      const self = target === box.name;
      if (!self && names.firstArchive.has(target)) return;
      const named = self ? undefined : names.first.get(target);
      const near = nearestArchive(target);
      const close = near !== undefined && near !== box.name ? near : undefined;
      const suggested = close ?? onlyOther(box.name);
      const typo = !self && named === undefined && close !== undefined;

      const found = self ? "itself" : named === undefined ? "notABox" : "notAnArchive";
      const data = {
        box: q(box.name),
        target: q(target),
        type: String(boxes[named ?? -1]?.["@type"]),
        suggestion: q(suggested),
      };
      const path = [...boxPath(index), "parent", "boxName"];
      context.report({
        path,
        messageId: typo ? "notABoxTypo" : suggested === undefined ? found : `${found}Suggest`,
        data,
        ...(named === undefined
          ? {}
          : { related: [{ path: [...boxPath(named), "name"], messageId: "defined", data }] }),
        ...(suggested === undefined ? {} : { fix: { messageId: "extractFrom", data, path, value: suggested } }),
      });
    });
  },
});
