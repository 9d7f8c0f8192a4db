// Workshop-screen link tokens: the shared link tokens of lib/security/link-token.ts.
export {
  LINK_TOKEN_PATTERN as DISPLAY_TOKEN_PATTERN,
  hashLinkToken as hashDisplayToken,
  newLinkToken as newDisplayToken,
} from "@/lib/security/link-token";
