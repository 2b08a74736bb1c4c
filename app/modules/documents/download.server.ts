// The download response of the studio's PDF documents, apart from pdf.server.ts so a route can send a PDF
// without loading pdf-lib.

/** A PDF as a download that no shared cache keeps. */
export function pdfDownload(pdf: Uint8Array, fileName: string, headers: Record<string, string> = {}): Response {
  return new Response(Buffer.from(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "private, no-store",
      ...headers,
    },
  });
}
