// POST /operations/movement-requests/{id}/assign: one body, three actions of the transition table.
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import { offerToDrivers } from "@/lib/movement-requests/operations/offer-to-drivers";
import { planWithDriver } from "@/lib/movement-requests/operations/plan-with-driver";
import type { AssignCommand } from "@/lib/movement-requests/operations/schemas";
import { sendToThirdPartyLogistics } from "@/lib/movement-requests/operations/send-to-third-party-logistics";

export async function assignMovementRequest(scope: ActorScope, requestId: string, command: AssignCommand) {
  switch (command.action) {
    case "planWithDriver":
      return planWithDriver(scope, requestId, command);
    case "offerToDrivers":
      return offerToDrivers(scope, requestId, command);
    case "sendToThirdPartyLogistics":
      return sendToThirdPartyLogistics(scope, requestId, command.providerId);
  }
}
