// npm run admin:hash – prints the scrypt hash of a password for ADMIN_PASSWORD_HASH. The
// password is read from standard input (typed without echo on a terminal, or piped), never
// from the command line, where it would stay in the shell's history and the process list.
import { createInterface } from "node:readline";
import { hashPassword } from "@/lib/security/password-hash";

const MIN_LENGTH = 12;

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = "";
    for await (const chunk of process.stdin) text += String(chunk);
    return text.replace(/\r?\n$/, "");
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  process.stderr.write("Password (not shown): ");
  // Swallow the echo of each key; readline still collects the line.
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
  const line = await new Promise<string>((resolve) => rl.question("", resolve));
  rl.close();
  process.stderr.write("\n");
  return line;
}

const password = await readPassword();
if (password.length < MIN_LENGTH) {
  console.error(`The password must have at least ${MIN_LENGTH} characters.`);
  process.exit(1);
}
console.log(await hashPassword(password));
console.error("Set it as ADMIN_PASSWORD_HASH (quote it in .env files), beside ADMIN_EMAIL and AUTH_SECRET.");
