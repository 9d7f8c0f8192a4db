import { describe, expect, it } from "vitest";
import { directionsUrl, mapsPlatformOf, telUrl } from "@/lib/carrier-jobs/directions";

const leeds = {
  name: "Northgate Leeds",
  address: "212 Kirkstall Road, Leeds, LS4 2AZ",
  latitude: 53.804,
  longitude: -1.579,
};

describe("the job page's directions and phone links", () => {
  it("opens the phone's maps app at the site's pin, named by its address", () => {
    expect(directionsUrl(leeds, "other")).toBe(
      "geo:53.804,-1.579?q=53.804,-1.579(Northgate%20Leeds%2C%20212%20Kirkstall%20Road%2C%20Leeds%2C%20LS4%202AZ)",
    );
    const apple = new URL(directionsUrl(leeds, "apple"));
    expect(apple.origin).toBe("https://maps.apple.com");
    expect(apple.searchParams.get("daddr")).toBe("53.804,-1.579");
    expect(apple.searchParams.get("q")).toBe("Northgate Leeds, 212 Kirkstall Road, Leeds, LS4 2AZ");
  });

  it("falls back to the address when a site has no pin", () => {
    const unpinned = { ...leeds, latitude: null, longitude: null };
    expect(directionsUrl(unpinned, "other")).toBe(
      `geo:0,0?q=${encodeURIComponent(`${leeds.name}, ${leeds.address}`)}`,
    );
    expect(new URL(directionsUrl(unpinned, "apple")).searchParams.get("daddr")).toBe(
      `${leeds.name}, ${leeds.address}`,
    );
  });

  it("tells Apple's phones and tablets from the rest", () => {
    expect(mapsPlatformOf("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)", 5)).toBe("apple");
    expect(mapsPlatformOf("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)", 5)).toBe("apple");
    expect(mapsPlatformOf("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)", 0)).toBe("other");
    expect(mapsPlatformOf("Mozilla/5.0 (Linux; Android 15; Pixel 9)", 5)).toBe("other");
  });

  it("dials the number as given", () => {
    expect(telUrl("+441134960456")).toBe("tel:+441134960456");
  });
});
