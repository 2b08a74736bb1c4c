import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { sniffImageType } from "./sniff";

const pixel = () => sharp({ create: { width: 4, height: 4, channels: 3, background: "#8a9" } });

describe("sniffImageType", () => {
  it("names JPEG, PNG, WebP and AVIF by their bytes", async () => {
    expect(sniffImageType(await pixel().jpeg().toBuffer())).toBe("image/jpeg");
    expect(sniffImageType(await pixel().png().toBuffer())).toBe("image/png");
    expect(sniffImageType(await pixel().webp().toBuffer())).toBe("image/webp");
    expect(sniffImageType(await pixel().avif().toBuffer())).toBe("image/avif");
  });

  it("refuses anything else, whatever it is called", async () => {
    expect(sniffImageType(await pixel().gif().toBuffer())).toBeUndefined();
    expect(sniffImageType(await pixel().tiff().toBuffer())).toBeUndefined();
    expect(sniffImageType(Buffer.from("%PDF-1.7 pretending to be photo.jpg"))).toBeUndefined();
    expect(sniffImageType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeUndefined();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeUndefined();
  });
});
