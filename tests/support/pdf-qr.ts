// The QR codes a PDF carries: every FlateDecode image XObject (pdf-lib stores an embedded PNG as raw 8-bit
// samples, compressed with zlib) inflated and read by jsQR. What is decoded is what the PDF contains.
import { inflateSync } from "node:zlib";
import jsQR from "jsqr";
import { PDFDocument, PDFName, PDFRawStream, type PDFDict, type PDFNumber } from "pdf-lib";

export async function qrCodesInPdf(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const found: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const dict: PDFDict = object.dict;
    if (dict.get(PDFName.of("Subtype")) !== PDFName.of("Image")) continue;
    if (dict.get(PDFName.of("Filter")) !== PDFName.of("FlateDecode")) continue;
    const width = (dict.get(PDFName.of("Width")) as PDFNumber).asNumber();
    const height = (dict.get(PDFName.of("Height")) as PDFNumber).asNumber();
    const samples = inflateSync(object.contents);
    const channels = samples.length / (width * height);
    // Colour (3 samples a pixel) or grey and alpha masks (1): a mask simply decodes to nothing.
    if (channels !== 1 && channels !== 3) continue;
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      const r = samples[i * channels]!;
      rgba[i * 4] = r;
      rgba[i * 4 + 1] = channels === 3 ? samples[i * 3 + 1]! : r;
      rgba[i * 4 + 2] = channels === 3 ? samples[i * 3 + 2]! : r;
      rgba[i * 4 + 3] = 255;
    }
    const code = jsQR(rgba, width, height);
    if (code) found.push(code.data);
  }
  return found;
}
