// The shell's view of a Web `Request`, for `sandbox.handle` (the Next app mounts it; tests call it).
import { readBodyText } from "./read-body";
import type { SandboxRequest } from "./sandbox-request";

export function fromWebRequest(request: Request): SandboxRequest {
  return {
    method: request.method,
    url: new URL(request.url),
    header: (name) => request.headers.get(name),
    text: () => readBodyText(request),
  };
}
