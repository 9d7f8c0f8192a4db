// @ts-check
// Whether a multipart body parses the way Next will parse it: a plain form post through the Fetch API's
// FormData (its no-JavaScript form actions), a server action's through busboy. A body either parser
// rejects makes Next answer 500, so the front door answers it with a 400 instead.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * @param {import("node:http").IncomingHttpHeaders} headers
 * @param {Buffer} body
 * @returns {Promise<boolean>}
 */
export async function isWellFormedMultipart(headers, body) {
  try {
    if (headers["next-action"] === undefined) {
      await new Response(new Uint8Array(body), {
        headers: { "content-type": headers["content-type"] ?? "" },
      }).formData();
    } else {
      await parseWithBusboy(headers, body);
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * @param {import("node:http").IncomingHttpHeaders} headers
 * @param {Buffer} body
 * @returns {Promise<void>}
 */
function parseWithBusboy(headers, body) {
  return new Promise((resolve, reject) => {
    const busboy = require("next/dist/compiled/busboy")({ headers, defParamCharset: "utf8" });
    busboy.on("file", (/** @type {string} */ _name, /** @type {NodeJS.ReadableStream} */ file) =>
      file.resume(),
    );
    busboy.once("error", reject);
    busboy.once("close", resolve);
    busboy.end(body);
  });
}
