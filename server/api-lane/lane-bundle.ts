// The API lane bundle's exports (server/bundles.mjs writes its entry from the route files), as
// server/web-server.mjs imports them.
export { routeTable } from "./route-table";
export { serveApiRequest } from "./serve-api-request";
export declare const routes: import("./route-table").ApiRoute[];
