// The create wizard's submission, free of Next: validate the form with the wizard's schema, turn it into
// the API body and validate that with the API's own schema, check the profile belongs to the staff
// user's organisation, then create through the same use cases as the /v1 endpoints. Expected failures
// come back as { code, message, errors[{path, message}] } with the form's field paths, so the client
// can put each message under its field; anything unexpected is logged and shown as a generic error.
import "server-only";
import type { z } from "zod";
import { AppError, type ErrorCode, type FieldError } from "@/lib/errors/app-error";
import { kysely } from "@/lib/db";
import { toAppError } from "@/lib/http/to-app-error";
import { validationError } from "@/lib/http/validation";
import { logger } from "@/lib/logger";
import {
  createInPlanningPool,
  createWithThirdPartyLogistics,
  type Creator,
} from "@/lib/movement-requests/create-movement-request";
import { createInPlanningPoolBody, createWithThirdPartyLogisticsBody } from "@/lib/movement-requests/schemas";
import { toCreateBody } from "@/lib/movement-requests/wizard/to-create-body";
import { WIZARD_PARSE_OPTIONS, wizardFieldErrorsOf } from "@/lib/movement-requests/wizard/wizard-messages";
import { wizardSchema } from "@/lib/movement-requests/wizard/wizard-schema";

/** The signed-in staff user the request is created by. */
export type WizardStaff = { organisationId: string; email: string };

export type SubmitWizardResult =
  { ok: true; id: string } | { ok: false; code: ErrorCode; message: string; errors: FieldError[] };

export async function submitWizard(staff: WizardStaff, input: unknown): Promise<SubmitWizardResult> {
  try {
    const values = parseOrThrow(wizardSchema, input);
    const { to, body } = toCreateBody(values);
    const creator = await creatorFor(staff, values.profileId);
    const created =
      to === "planningPool"
        ? await createInPlanningPool(creator, parseOrThrow(createInPlanningPoolBody, body))
        : await createWithThirdPartyLogistics(creator, parseOrThrow(createWithThirdPartyLogisticsBody, body));
    return { ok: true, id: created.id };
  } catch (error) {
    const appError = toAppError(error);
    if (appError.code === "INTERNAL_SERVER_ERROR") {
      logger.error("create wizard submission failed", { error, organisationId: staff.organisationId });
      return {
        ok: false,
        code: appError.code,
        message: "Something went wrong on our side and the request was not created. Try again.",
        errors: [],
      };
    }
    return {
      ok: false,
      code: appError.code,
      message: appError.message,
      errors: forTheForm(appError),
    };
  }
}

function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, WIZARD_PARSE_OPTIONS);
  if (result.success) return result.data;
  // The API's code (INVALID_VRM, INVALID_VIN, VALIDATION_ERROR), with the wizard's wording per field.
  const apiError = validationError(result.error, "body");
  throw new AppError(apiError.code, apiError.message, { errors: wizardFieldErrorsOf(result.error) });
}

// Staff act for one of their organisation's profiles; the creator is the person, so that tracking,
// delivered and aborted e-mails reach them (notify-movement-recipient looks for a "user:" actor).
async function creatorFor(staff: WizardStaff, profileId: string): Promise<Creator> {
  const profile = await kysely()
    .selectFrom("Profile")
    .select("id")
    .where("id", "=", profileId)
    .where("organisationId", "=", staff.organisationId)
    .executeTakeFirst();
  if (!profile) {
    throw new AppError("NOT_FOUND", `No profile ${profileId} was found.`, {
      errors: [{ path: "profileId", message: "This profile is not one of your organisation's" }],
    });
  }
  return {
    organisationId: staff.organisationId,
    profileId: profile.id,
    actor: `user:${staff.email}`,
    email: staff.email,
  };
}

// The use cases' field messages, reworded for a person at the form; a provider that cannot carry the
// method is also reported on the provider choice, where the dispatcher can change it.
function forTheForm(error: AppError): FieldError[] {
  const errors = (error.errors ?? []).map((fieldError) =>
    error.code === "SITE_NOT_FOUND"
      ? { ...fieldError, message: "This site is no longer available: choose another" }
      : fieldError,
  );
  if (error.code === "PROVIDER_CANNOT_FULFIL_MOVEMENT") {
    errors.push({ path: "thirdPartyLogisticsProviderId", message: error.message });
  }
  if (error.code === "THIRD_PARTY_LOGISTICS_PROVIDER_NOT_FOUND") {
    return errors.map((fieldError) => ({
      ...fieldError,
      message: "This provider is no longer configured for the profile: choose another",
    }));
  }
  return errors;
}
