// What the Integrations server actions answer: the data, or a message a person can act on (and, for a
// form, one message per field). Never a stack trace or an internal error text.
export type ActionResult<T = null> =
  { ok: true; data: T } | { ok: false; message: string; fieldErrors?: Record<string, string> };
