// The front door's check of a server action's arguments (server/action-arguments.mjs), against what
// React's own client encodes (the arguments every page of ours sends) and bodies that made Next answer 500.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { actionArgumentsProblem, nestingDepth } from "./action-arguments.mjs";
import { pageFormProblem } from "./multipart-check.mjs";

const require = createRequire(import.meta.url);
const { encodeReply } = require("next/dist/compiled/react-server-dom-webpack/client.node") as {
  encodeReply: (value: unknown) => Promise<string | FormData>;
};

const TEXT = { "content-type": "text/plain;charset=UTF-8" };
const MULTIPART = { "content-type": "multipart/form-data; boundary=x" };

/** A multipart body of the given fields, in order, as a hand-written client would send it. */
function multipart(fields: Array<[name: string, value: string]>): Buffer {
  const parts = fields.map(
    ([name, value]) => `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return Buffer.from(`${parts.join("")}--x--\r\n`);
}

/** The problem the check finds in what React's client sends for these arguments. */
async function problemOfEncoded(args: unknown[]): Promise<string | undefined> {
  const encoded = await encodeReply(args);
  if (typeof encoded === "string") return actionArgumentsProblem(TEXT, Buffer.from(encoded));
  const request = new Request("http://localhost", { method: "POST", body: encoded });
  const body = Buffer.from(await request.arrayBuffer());
  return actionArgumentsProblem({ "content-type": request.headers.get("content-type")! }, body);
}

describe("a server action's arguments", () => {
  it("pass as React's client encodes them: plain values, a form with a file, maps, sets, dates", async () => {
    const form = new FormData();
    form.set("email", "dispatcher@demo.test");
    form.set("proof", new Blob(["photo"]), "proof.jpg");
    const cases: unknown[][] = [
      [],
      [{ email: "a@b.c", password: "$not-a-reference" }, null],
      [{ error: null }, form],
      [new Map([["a", 1]]), new Set([1, 2]), new Date(0), 10n, undefined, Number.NaN, -0],
    ];
    for (const args of cases) expect(await problemOfEncoded(args), String(args)).toBeUndefined();
  });

  it("are refused when React's decoder would fail on them, as Next would with a 500", async () => {
    const undecodable = "The action's arguments cannot be decoded.";
    const refused: Array<[headers: Record<string, string>, body: Buffer, problem: string]> = [
      // No root field: "Connection closed." (found by the fuzzer, seed 1203382459).
      [MULTIPART, multipart([["1", "[1]"]]), undecodable],
      // A field referring to one sent after it, here in a loop: "Invalid forward reference."
      [
        MULTIPART,
        multipart([
          ["0", '["$1"]'],
          ["1", '["$0"]'],
        ]),
        undecodable,
      ],
      [TEXT, Buffer.from('["$1"]'), undecodable], // a reference to nothing
      [TEXT, Buffer.from('["$Q1"]'), undecodable], // a Map made of nothing
      [TEXT, Buffer.from('["$n12x"]'), undecodable], // not a BigInt
      [TEXT, Buffer.from('["$h1"]'), undecodable], // a server function
      // A value the client could not send: the action would get a proxy that throws when read.
      [TEXT, Buffer.from('[{"id":"$T"}]'), undecodable],
      [TEXT, Buffer.from('{"a":'), undecodable],
      [TEXT, Buffer.from(""), undecodable],
      [TEXT, Buffer.from('{"a":1}'), "The action's arguments must be a JSON array."],
      [MULTIPART, multipart([["0", '{"a":1}']]), "The action's arguments must be a JSON array."],
      [MULTIPART, Buffer.from("--x\r\nzz"), "The multipart body is malformed."],
      [MULTIPART, Buffer.from("--x\r\n\r\n--x--"), "The multipart body is malformed."],
      [
        { "content-type": "multipart/form-data" },
        multipart([["0", "[]"]]),
        "The multipart body is malformed.",
      ],
      [TEXT, Buffer.from(`[${"[".repeat(65)}${"]".repeat(65)}]`), "nested more than 64 levels"],
    ];
    for (const [headers, body, problem] of refused) {
      expect(await actionArgumentsProblem(headers, body), body.toString()).toContain(problem);
    }
  });

  it("are left to Next when it does not decode them: a URL-encoded action is its 404", async () => {
    const headers = { "content-type": "application/x-www-form-urlencoded" };
    expect(await actionArgumentsProblem(headers, Buffer.from("a=1"))).toBeUndefined();
  });

  it("are measured for nesting outside strings, and a line break ends a string", () => {
    expect(nestingDepth(Buffer.from('[{"a":[1,2]}]'))).toBe(3);
    expect(nestingDepth(Buffer.from('["[[[[[[", {"a": "{{{{"}]'))).toBe(2);
    expect(nestingDepth(Buffer.from('["\\"[[[["]'))).toBe(1);
    expect(nestingDepth(Buffer.from(`${"[".repeat(5000)}${"]".repeat(5000)}`))).toBe(5000);
    // A quote left open in one multipart field does not hide the next field's depth.
    expect(nestingDepth(Buffer.from('--x\r\n\r\n"open\r\n--x\r\n\r\n[[[1]]]\r\n--x--'))).toBe(3);
  });
});

describe("a page's form post naming an action with bound arguments", () => {
  const ID = "600eafe2fcf4ba9cd6de855ea7842890af8d0eab83";
  const form = (fields: Array<[string, string]>) => pageFormProblem(MULTIPART, multipart(fields));
  const named = (descriptor: string, ...more: Array<[string, string]>) =>
    form([["$ACTION_REF_1", ""], ["$ACTION_1:0", descriptor], ...more, ["email", "a@b.c"]]);

  it("passes as React's form encodes it: no bound arguments, or a list of them", async () => {
    expect(
      await form([
        [`$ACTION_ID_${ID}`, ""],
        ["email", "a@b.c"],
      ]),
    ).toBeUndefined();
    expect(await named(`{"id":"${ID}","bound":null}`)).toBeUndefined();
    expect(await named(`{"id":"${ID}","bound":"$@1"}`, ["$ACTION_1:1", '["job",2]'])).toBeUndefined();
    expect(await form([["email", "a@b.c"]])).toBeUndefined(); // no action: Next renders the page
  });

  it("is refused when Next would fail to decode the action or its bound arguments", async () => {
    const cases: Array<[Promise<string | undefined>, string]> = [
      [form([["$ACTION_REF_1", ""]]), "cannot be decoded"],
      [named(`{"id":"${ID}"`), "cannot be decoded"],
      [named(`{"id":"${ID}","bound":"$T"}`), "cannot be decoded"],
      [named(`{"id":"${ID}","id":5,"bound":null}`), "is not one this page has"],
      [named(`{"id":"${ID}","bound":"$@1"}`), "bound arguments cannot be decoded"],
      [named(`{"id":"${ID}","bound":"$@1"}`, ["$ACTION_1:1", "[1,2"]), "bound arguments cannot be decoded"],
      [
        named(`{"id":"${ID}","bound":"$@1"}`, ["$ACTION_1:1", '{"a":1}']),
        "bound arguments cannot be decoded",
      ],
      [named(`{"id":"${ID}","bound":"$@1"}`, ["$ACTION_1:1", '["$T"]']), "bound arguments cannot be decoded"],
      // No bound arguments at all: Next's form state reads their length.
      [named(`{"id":"${ID}"}`, ["$ACTION_KEY", "k"]), "bound arguments cannot be decoded"],
    ];
    for (const [problem, expected] of cases) expect(await problem).toContain(expected);
  });
});
