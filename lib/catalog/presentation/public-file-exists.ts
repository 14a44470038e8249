// Whether an image path the owner typed is a file the shop ships (public/), checked when saved
// so that a typo is named on the form rather than shown to buyers as a broken image.
import { stat } from "node:fs/promises";
import { join } from "node:path";

export async function publicFileExists(path: string): Promise<boolean> {
  try {
    return (await stat(join(process.cwd(), "public", path))).isFile();
  } catch {
    return false;
  }
}
