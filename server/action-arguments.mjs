// @ts-check
// Whether a server action's body holds arguments Next can apply the action to. Next decodes them with
// React's reply decoder and answers any failure with a 500: a body with no root field, references in a
// loop or to nothing, a Map made of a number, a multipart body busboy rejects, arguments that are not a
// list; and an action that reads a stand-in for a value the client could not send fails with a 500. So
// the front door decodes the body first, with the same decoder (the copy Next ships, under React's
// "react-server" build, as Next runs it) and the same parser, and answers 400.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";

const require = createRequire(import.meta.url);

/**
 * Arrays and objects nested deeper than this in a server action's arguments are refused before
 * decoding: React's decoder recurses per level and overflows the stack in the thousands. No form of
 * ours sends more than a few levels.
 */
export const MAX_ACTION_NESTING = 64;
/**
 * The decoder's options: no server manifest (below) and no set of temporary references, so that an
 * argument standing for a value the client could not send ("$T", a function or a class instance), which
 * Next hands the action as a proxy that throws when read, fails to decode here. No page of ours sends one.
 */
const NO_OPTIONS = {};
/** React refuses a form's action with more bound arguments than this. */
const MAX_BOUND_ARGUMENTS = 1000;
/** A complete body decodes at once; one that has not settled by then never will. */
const DECODE_TIMEOUT_MS = 5_000;

/**
 * @typedef {{ decodeReply: (body: string | FormData, serverManifest: object, options: object) => PromiseLike<unknown>, decodeReplyFromBusboy: (busboy: import("node:stream").Writable, serverManifest: object, options: object) => PromiseLike<unknown> }} ReplyDecoder
 * @type {ReplyDecoder | undefined}
 */
let replyDecoder;

/**
 * What is wrong with a server action's body, if Next would fail to apply the action to it.
 * @param {import("node:http").IncomingHttpHeaders} headers
 * @param {Buffer} body the whole body (its length is within the front door's limit)
 * @returns {Promise<string | undefined>}
 */
export async function actionArgumentsProblem(headers, body) {
  if (nestingDepth(body) > MAX_ACTION_NESTING) {
    return `The action's arguments are nested more than ${MAX_ACTION_NESTING} levels deep.`;
  }
  const type = headers["content-type"];
  // Next does not decode a URL-encoded action: it answers 404 itself.
  if (type === "application/x-www-form-urlencoded") return undefined;
  const multipart = type?.startsWith("multipart/form-data") ?? false;
  const decoded = await decodeWithin(multipart ? decodeMultipart(headers, body) : decodeText(body));
  if (decoded.kind === "malformed") return "The multipart body is malformed.";
  if (decoded.kind === "undecodable") return "The action's arguments cannot be decoded.";
  if (!Array.isArray(decoded.value)) return "The action's arguments must be a JSON array.";
  return undefined;
}

/**
 * What is wrong with a page's form post that names a server action with bound arguments (a form that
 * works without JavaScript), if Next would fail to run it: each `$ACTION_REF_<n>` names the fields
 * `$ACTION_<n>:<k>` that hold `{ id, bound }`, which React decodes at once (what is not there at once
 * fails), whose id Next has checked by the text alone, and whose bound arguments are a list or null.
 * @param {FormData} form parsed as Next parses it (the Fetch API's FormData)
 * @returns {Promise<string | undefined>}
 */
export async function boundActionProblem(form) {
  for (const key of form.keys()) {
    if (!key.startsWith("$ACTION_REF_")) continue;
    const prefix = `$ACTION_${key.slice("$ACTION_REF_".length)}:`;
    const fields = new FormData();
    for (const [name, value] of form.entries()) {
      if (name.startsWith(prefix)) fields.append(name.slice(prefix.length), value);
    }
    const descriptor = fields.get("0");
    const root = loadReplyDecoder().decodeReply(fields, {}, NO_OPTIONS);
    root.then(IGNORE, IGNORE);
    // React's thenable says at once whether it is fulfilled, as React itself reads it for a form.
    const metadata = /** @type {{ status?: string, value?: unknown }} */ (root);
    if (metadata.status !== "fulfilled" || typeof descriptor !== "string") {
      return "The form's action cannot be decoded.";
    }
    const { id, bound } = /** @type {{ id?: unknown, bound?: unknown }} */ (metadata.value ?? {});
    if (typeof id !== "string" || !descriptor.startsWith(`{"id":"${id}"`)) {
      return "The form's action is not one this page has.";
    }
    if (bound === null) continue;
    const decoded = await decodeWithin(
      Promise.resolve(bound).then(
        (value) => ({ kind: "decoded", value }),
        () => ({ kind: "undecodable" }),
      ),
    );
    if (
      decoded.kind !== "decoded" ||
      !Array.isArray(decoded.value) ||
      decoded.value.length > MAX_BOUND_ARGUMENTS
    ) {
      return "The form's bound arguments cannot be decoded.";
    }
  }
  return undefined;
}

const IGNORE = () => {};

/**
 * @typedef {{ kind: "decoded", value: unknown } | { kind: "malformed" } | { kind: "undecodable" }} Decoded
 * @param {Promise<Decoded>} decoding
 * @returns {Promise<Decoded>}
 */
async function decodeWithin(decoding) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(() => resolve({ kind: "undecodable" }), DECODE_TIMEOUT_MS);
  });
  try {
    return /** @type {Decoded} */ (await Promise.race([decoding, timeout]));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * @param {Buffer} body
 * @returns {Promise<Decoded>}
 */
async function decodeText(body) {
  const decoder = loadReplyDecoder();
  try {
    return { kind: "decoded", value: await decoder.decodeReply(body.toString("utf8"), {}, NO_OPTIONS) };
  } catch {
    return { kind: "undecodable" };
  }
}

/**
 * As Next reads a multipart action: busboy, with its settings, feeding React's decoder, whose result is
 * awaited before the body arrives. React resolves a field as it comes when the result is awaited, so a
 * field that refers to one not yet sent fails then ("Invalid forward reference"), as it does in Next.
 * @param {import("node:http").IncomingHttpHeaders} headers
 * @param {Buffer} body
 * @returns {Promise<Decoded>}
 */
function decodeMultipart(headers, body) {
  const decoder = loadReplyDecoder();
  let malformed = false;
  try {
    const busboy = require("next/dist/compiled/busboy")({ headers, defParamCharset: "utf8" });
    busboy.once("error", () => (malformed = true));
    const root = decoder.decodeReplyFromBusboy(busboy, {}, NO_OPTIONS);
    // React's thenable: its `then` is called here, at once (Promise.resolve would call it later).
    /** @type {Promise<Decoded>} */
    const decoding = new Promise((resolve) =>
      root.then(
        (value) => resolve({ kind: "decoded", value }),
        () => resolve(malformed ? { kind: "malformed" } : { kind: "undecodable" }),
      ),
    );
    busboy.end(body);
    return decoding;
  } catch {
    // busboy throws at once on headers it cannot use (no boundary, an unknown type).
    return Promise.resolve({ kind: "malformed" });
  }
}

/**
 * React's reply decoder as Next runs it. Next bundles it with React's "react-server" build; in this
 * process "react" is the ordinary build, beside which the decoder and react-dom's server build refuse
 * to load. So their files are evaluated here with "react" resolved to Next's react-server copy. The
 * decoder is given no server manifest: a reference to a server function among the arguments fails to
 * decode, and no page of ours sends one.
 * @returns {ReplyDecoder}
 */
function loadReplyDecoder() {
  if (replyDecoder) return replyDecoder;
  const build = process.env.NODE_ENV === "production" ? "production" : "development";
  const react = require(`next/dist/compiled/react/cjs/react.react-server.${build}.js`);
  const reactDom = evaluateCommonJs(`next/dist/compiled/react-dom/cjs/react-dom.react-server.${build}.js`, {
    "next/dist/compiled/react": react,
  });
  replyDecoder = /** @type {ReplyDecoder} */ (
    evaluateCommonJs(
      `next/dist/compiled/react-server-dom-webpack/cjs/react-server-dom-webpack-server.node.${build}.js`,
      { react, "react-dom": reactDom },
    )
  );
  return replyDecoder;
}

/**
 * Evaluates a CommonJS file as Node would, except that the modules named in `given` are those values.
 * @param {string} specifier
 * @param {Record<string, unknown>} given
 * @returns {unknown} its exports
 */
function evaluateCommonJs(specifier, given) {
  const file = require.resolve(specifier);
  const requireBesideFile = createRequire(file);
  const evaluated = { exports: {} };
  const evaluate = vm.compileFunction(
    readFileSync(file, "utf8"),
    ["exports", "require", "module", "__filename", "__dirname"],
    { filename: file },
  );
  const requireGiven = (/** @type {string} */ id) => (id in given ? given[id] : requireBesideFile(id));
  evaluate(evaluated.exports, requireGiven, evaluated, file, path.dirname(file));
  return evaluated.exports;
}

/**
 * How deeply arrays and objects nest in a body of JSON values (plain, or one per multipart field):
 * brackets inside JSON strings do not count, and a line break ends any string (JSON strings hold none,
 * multipart headers and boundaries are lines), so nothing outside a field can hide a field's depth.
 * @param {Buffer} body
 */
export function nestingDepth(body) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < body.length; index += 1) {
    const byte = body[index];
    if (byte === 0x0a || byte === 0x0d) inString = false;
    else if (inString) {
      if (byte === 0x5c)
        index += 1; // a backslash escapes the next byte
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x5b || byte === 0x7b) deepest = Math.max(deepest, ++depth);
    else if ((byte === 0x5d || byte === 0x7d) && depth > 0) depth -= 1;
  }
  return deepest;
}
