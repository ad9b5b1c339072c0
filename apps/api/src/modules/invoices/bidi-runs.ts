import bidiFactory from "bidi-js";
import { BoundedCache } from "./bounded-cache.ts";

/**
 * The runs of a line of mixed English and Arabic in visual order (UAX #9 with `bidi-js`,
 * decision 018): pdfkit writes glyphs in the order it is given and does no bidirectional
 * reordering, so each line is cut here into runs of one direction, left to right on the page.
 */

const bidi = bidiFactory();

const STRONG_RTL = new Set(["R", "AL"]);

/** Whether `text` has any right-to-left letter (Arabic, Hebrew…), so needs this module to print. */
export function hasRightToLeft(text: string): boolean {
  for (const char of text) if (STRONG_RTL.has(bidi.getBidiCharTypeName(char))) return true;
  return false;
}

/** One run of a line in visual order: `text` is what to hand pdfkit for it. */
export interface VisualRun {
  text: string;
  rtl: boolean;
}

/**
 * The runs of one line (no line breaks inside) in visual order, left to right (UAX #9 levels
 * and reordering), without the directional isolates, which order the line but print nothing
 * (`ISOLATES`). A right-to-left run is given in logical order with its brackets
 * mirrored, since fontkit reverses a run of Arabic itself; one without any right-to-left
 * letter (spaces, punctuation between Arabic words) is reversed here, since fontkit would not.
 */
export function visualRuns(text: string, direction: "ltr" | "rtl"): VisualRun[] {
  const key = `${direction}\u0000${text}`;
  const cached = runsCache.get(key);
  if (cached) return cached;
  const runs = computeVisualRuns(text, direction);
  runsCache.set(key, runs);
  return runs;
}

const runsCache = new BoundedCache<VisualRun[]>();

/**
 * The directional isolates (LRI, RLI, FSI, PDI: U+2066–U+2069), which `oneLine` keeps when
 * balanced: they order the line (UAX #9) but are not printed, since fontkit would lay each
 * out as a space.
 */
const ISOLATES = /^[\u2066-\u2069]$/;

function computeVisualRuns(text: string, direction: "ltr" | "rtl"): VisualRun[] {
  const embedding = bidi.getEmbeddingLevels(text, direction);
  const { levels } = embedding;
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  const groups: { level: number; indices: number[] }[] = [];
  let current: { level: number; indices: number[] } | undefined;
  for (const index of bidi.getReorderedIndices(text, embedding)) {
    const level = levels[index] ?? 0;
    const last = current?.indices.at(-1);
    if (current && current.level === level && last === index + (level % 2 === 1 ? 1 : -1)) {
      current.indices.push(index);
    } else {
      current = { level, indices: [index] };
      groups.push(current);
    }
  }
  return groups
    .map(({ level, indices }) => {
      // The isolates have done their work in the levels; on the page they are nothing.
      const shown = indices.filter((i) => !ISOLATES.test(text[i] ?? ""));
      if (level % 2 === 0) return { text: shown.map((i) => text[i]).join(""), rtl: false };
      const logical = [...shown]
        .reverse()
        .map((i) => mirrored.get(i) ?? text[i])
        .join("");
      return { text: hasRightToLeft(logical) ? logical : [...logical].reverse().join(""), rtl: true };
    })
    .filter((run) => run.text !== "");
}

/** The direction of the first strong letter of `text` (right to left when it has none). */
export function firstStrongDirection(text: string): "ltr" | "rtl" {
  for (const char of text) {
    const type = bidi.getBidiCharTypeName(char);
    if (STRONG_RTL.has(type)) return "rtl";
    if (type === "L") return "ltr";
  }
  return "rtl";
}
