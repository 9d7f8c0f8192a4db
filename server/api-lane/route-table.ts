// The API lane's routes: app/v1's route handlers (and /api/health), matched as Next's app router
// matches them (a static segment before a dynamic one, a dynamic one before a catch-all), so that a path
// reaches the same handler whichever serves it. The lane takes only plain paths: one with an empty or
// dot segment, a trailing slash or a percent-escape is left to Next, which redirects, decodes or
// normalises it as it always has (no ID, code or name of the API needs an escape).

export const HTTP_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type RouteParams = Record<string, string | string[]>;
export type RouteHandler = (
  request: Request,
  context: { params: Promise<RouteParams> },
) => Response | Promise<Response>;
/** A route.ts module: its exported method handlers (and whatever else it exports, ignored). */
export type RouteModule = Partial<Record<HttpMethod, RouteHandler>>;
/** One route.ts: its URL path as the app folder names it ("/v1/prep-jobs/[id]") and its module. */
export type ApiRoute = { path: string; module: RouteModule };

type Segment =
  { kind: "static"; value: string } | { kind: "dynamic"; name: string } | { kind: "catch-all"; name: string };

/** Next's order among the segments that could match at one level. */
const RANK = { static: 0, dynamic: 1, "catch-all": 2 } as const;

export type MatchedRoute = { path: string; module: RouteModule; params: RouteParams };

/** Characters a canonical path segment is made of (RFC 3986 pchar, without escapes). */
const PLAIN_SEGMENT = /^[A-Za-z0-9._~!$&'()*+,;=:@-]+$/;

/** A matcher of request paths (undecoded, without the query) to the routes, undefined where the lane does not serve. */
export function routeTable(routes: ApiRoute[]): (pathname: string) => MatchedRoute | undefined {
  const compiled = routes
    .map((route) => ({ ...route, segments: parseRoutePath(route.path) }))
    .sort((a, b) => compareSpecificity(a.segments, b.segments));
  const roots = new Set(compiled.map((route) => `/${(route.segments[0] as { value: string }).value}`));
  return (pathname) => {
    const segments = pathname.split("/").slice(1);
    if (!roots.has(`/${segments[0]}`) || !segments.every(isPlainSegment)) return undefined;
    for (const route of compiled) {
      const params = matchSegments(route.segments, segments);
      if (params) return { path: route.path, module: route.module, params };
    }
    return undefined;
  };
}

function parseRoutePath(path: string): Segment[] {
  const segments = path.split("/").slice(1);
  if (segments[0]?.startsWith("[")) throw new Error(`A lane route starts with a static segment: ${path}`);
  return segments.map((segment): Segment => {
    const catchAll = /^\[\.\.\.(\w+)\]$/.exec(segment);
    if (catchAll) return { kind: "catch-all", name: catchAll[1] as string };
    const dynamic = /^\[(\w+)\]$/.exec(segment);
    if (dynamic) return { kind: "dynamic", name: dynamic[1] as string };
    // Route groups, private folders and parallel routes name no URL segment: not used under app/v1.
    if (!PLAIN_SEGMENT.test(segment) || /^[(_@]/.test(segment)) {
      throw new Error(`Unexpected segment "${segment}" in ${path}`);
    }
    return { kind: "static", value: segment };
  });
}

function compareSpecificity(a: Segment[], b: Segment[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const difference = RANK[(a[index] as Segment).kind] - RANK[(b[index] as Segment).kind];
    if (difference !== 0) return difference;
  }
  return b.length - a.length;
}

/** The route's params if the path's segments match it. */
function matchSegments(route: Segment[], path: string[]): RouteParams | undefined {
  const params: RouteParams = {};
  for (const [index, segment] of route.entries()) {
    if (segment.kind === "catch-all") {
      params[segment.name] = path.slice(index);
      return index < path.length ? params : undefined;
    }
    const value = path[index];
    if (value === undefined) return undefined;
    if (segment.kind === "dynamic") params[segment.name] = value;
    else if (value !== segment.value) return undefined;
  }
  return path.length === route.length ? params : undefined;
}

function isPlainSegment(segment: string): boolean {
  return PLAIN_SEGMENT.test(segment) && segment !== "." && segment !== "..";
}

/** The methods a route answers, as Next lists them in Allow: its own, HEAD with GET, and OPTIONS. */
export function allowedMethods(module: RouteModule): string {
  const allowed = new Set<string>(HTTP_METHODS.filter((method) => module[method]));
  if (allowed.has("GET")) allowed.add("HEAD");
  allowed.add("OPTIONS");
  return [...allowed].sort().join(", ");
}
