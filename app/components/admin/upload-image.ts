// Sends one image to the upload endpoint with XMLHttpRequest (fetch cannot report upload progress) and
// answers the stored image, or the server's reason for refusing it.
import type { ActionResult } from "~/lib/action-result";
import { adminPaths } from "~/lib/admin-paths";
import type { ImageAsset } from "~/lib/media";

export interface UploadedImage extends ImageAsset {
  id: string;
}

/** Spec §9-style limit shared with the server (app/modules/media: 25 MB). */
export const MAX_UPLOAD_MB = 25;

export class UploadError extends Error {
  override name = "UploadError";
}

export function uploadImage(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  return new Promise<UploadedImage>((resolve, reject) => {
    // Refused here too, so a huge file is not sent only to be refused.
    if (file.size > MAX_UPLOAD_MB * 1024 * 1024) {
      reject(new UploadError(`The file is larger than ${MAX_UPLOAD_MB} MB.`));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", adminPaths.uploadImage());
    xhr.setRequestHeader("content-type", file.type || "application/octet-stream");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as ActionResult<{ image: UploadedImage }> | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.ok) {
        onProgress(1);
        resolve(body.image);
      } else if (xhr.status === 401 || xhr.status === 403 || xhr.responseURL.includes("/auth")) {
        reject(new UploadError("Your session has ended. Sign in again and retry."));
      } else {
        reject(new UploadError((body?.ok === false && body.error) || `The upload failed (HTTP ${xhr.status}).`));
      }
    };
    xhr.onerror = () => reject(new UploadError("The upload was interrupted. Check the connection and retry."));
    xhr.onabort = () => reject(new UploadError("The upload was cancelled."));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
