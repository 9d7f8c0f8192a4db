// A renamed column must fail tsc wherever hand-written SQL uses it. This compiles the product's query
// files twice against the Kysely types that prisma-kysely generates from prisma/schema.prisma: as
// generated (no error), and with one column renamed in a copy of them, as a schema change plus
// `prisma generate` would (an error in every file that uses the column, none elsewhere).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const generatedTypes = path.join(root, "lib/generated/kysely/types.ts");

/** A column, and the files whose SQL names it. */
const renames = [
  { table: "ApiKey", column: "hash", usedIn: ["lib/auth/authenticate-api-key.ts"] },
  // The outbox claims and the attempt recording.
  {
    table: "WebhookDelivery",
    column: "lockedBy",
    usedIn: ["lib/webhooks/delivery/claim-due-deliveries.ts", "lib/webhooks/delivery/record-attempt.ts"],
  },
  {
    table: "EmailMessage",
    column: "nextAttemptAt",
    usedIn: ["lib/notifications/enqueue-email.ts", "lib/notifications/send-due-emails.ts"],
  },
];
const compiled = [...new Set(renames.flatMap((rename) => rename.usedIn))];

// Inside the project (lib/generated is git-ignored) so that the copy resolves "kysely" as the original does.
const scratch = mkdtempSync(path.join(root, "lib/generated/schema-check-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function renameColumn(source: string, table: string, column: string): string {
  const start = source.indexOf(`export type ${table} = {`);
  const end = source.indexOf("\n};", start);
  expect(start, `table ${table} in the generated types`).toBeGreaterThanOrEqual(0);
  const block = source.slice(start, end);
  const renamed = block.replace(new RegExp(`^(\\s+)${column}(\\??):`, "m"), `$1${column}Renamed$2:`);
  expect(renamed, `column ${table}.${column} in the generated types`).not.toBe(block);
  return source.slice(0, start) + renamed + source.slice(end);
}

/** Files (relative to the root) with type errors when the Kysely types come from `typesFile`. */
function filesWithErrors(typesFile: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error("tsconfig.json could not be read");
  const options: ts.CompilerOptions = {
    ...config.options,
    incremental: false,
    // The more specific mapping wins over "@/*": the product's files import the swapped types.
    paths: { "@/lib/generated/kysely/types": [typesFile], "@/*": ["./*"] },
  };
  const program = ts.createProgram(
    compiled.map((file) => path.join(root, file)),
    options,
  );
  const files = new Set<string>();
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    if (diagnostic.file) files.add(path.relative(root, diagnostic.file.fileName));
  }
  return [...files].sort();
}

describe("hand-written SQL against the schema", () => {
  it("compiles against the generated types", () => {
    expect(filesWithErrors(generatedTypes)).toEqual([]);
  }, 120_000);

  it.each(renames)(
    "renaming $column in $table fails to compile where it is used",
    ({ table, column, usedIn }) => {
      const renamedTypes = path.join(scratch, `${table}-${column}.ts`);
      writeFileSync(renamedTypes, renameColumn(readFileSync(generatedTypes, "utf8"), table, column));
      expect(filesWithErrors(renamedTypes)).toEqual([...usedIn].sort());
    },
    120_000,
  );
});
