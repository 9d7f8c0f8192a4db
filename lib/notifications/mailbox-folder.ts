// Where the development mailbox keeps an organisation's e-mail (written by mail-transport.ts, read by
// the admin's /mailbox page): each organisation has a folder of its own, so that an administrator sees
// only their organisation's messages (its buyers' addresses and tracking links). A message of no
// organisation stays in the root, which no organisation's mailbox shows.
import path from "node:path";

export function organisationMailboxDir(root: string, organisationId: string): string {
  return path.join(root, "organisations", encodeURIComponent(organisationId));
}
