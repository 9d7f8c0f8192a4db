// Shapes of the operations API's driver endpoint (extensions section 6), shared with the OpenAPI document.
import { z } from "zod";

export const driverSchema = z.object({
  id: z.string().describe("Use as driverId, driverIds or offerToDriverId in assign"),
  firstname: z.string(),
  surname: z.string(),
});
export type DriverResponse = z.infer<typeof driverSchema>;

export const listDriversQuery = z.strictObject({});
export const listDriversResponse = z.object({ data: z.array(driverSchema) });
