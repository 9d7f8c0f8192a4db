// What the board's server actions answer: ok, or a message a dispatcher can act on (an AppError's
// message from the domain, or a generic one). Never a stack trace or an internal error text.
export type ActionResult<T = null> = { ok: true; data: T } | { ok: false; message: string };

/** One line of a bulk action's report. */
export type BulkOutcome = { id: string; ok: true } | { id: string; ok: false; message: string };
