import type { MovementRequestScope } from "@/lib/movement-requests/get-movement-request-or-throw";

/** Who acts on a movement request, and within what: an API caller or a staff user. */
export type ActorScope = MovementRequestScope & { actor: string };
