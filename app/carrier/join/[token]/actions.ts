"use server";
// The invitation link's form: the carrier sets its password (no session needed: the token is the
// credential, once). Then it signs in on the ordinary sign-in page.
import { redirect } from "next/navigation";
import { runAction, type ActionResult } from "@/lib/http/action-result";
import { joinMarketplace } from "@/lib/marketplace/join-marketplace";
import { joinInput } from "@/lib/marketplace/schemas";

export async function joinAction(input: unknown): Promise<ActionResult> {
  const result = await runAction("carrier-join", async () => {
    const { token, password } = joinInput.parse(input);
    await joinMarketplace(token, password);
    return null;
  });
  if (!result.ok) return result;
  redirect("/sign-in?joined=1");
}
