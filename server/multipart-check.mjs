// @ts-check
// Whether a page's multipart post is one Next can handle. Next reads it as a possible form action (a form
// that works without JavaScript) through the Fetch API's FormData and answers a body that parser rejects,
// or a named action whose bound arguments it cannot decode, with a 500; the front door answers 400. A
// server action called by fetch is checked by actionArgumentsProblem.
import { boundActionProblem } from "./action-arguments.mjs";

/**
 * @param {import("node:http").IncomingHttpHeaders} headers
 * @param {Buffer} body
 * @returns {Promise<string | undefined>}
 */
export async function pageFormProblem(headers, body) {
  /** @type {FormData} */
  let form;
  try {
    form = await new Response(new Uint8Array(body), {
      headers: { "content-type": headers["content-type"] ?? "" },
    }).formData();
  } catch {
    return "The multipart body is malformed.";
  }
  return boundActionProblem(form);
}
