// For callers that cannot wait (the checkout's alertOwner is synchronous): the alert starts at
// once, and inside a request Next's after() keeps a serverless function alive until it is
// recorded and sent. Outside a request (a CLI sweep) after() throws; the process runs on anyway.
import { after } from "next/server";
import type { AlertInput } from "./alert-record";
import { raiseAlert } from "./index";

export function raiseAlertInBackground(input: AlertInput): void {
  const work = raiseAlert(input);
  try {
    after(work);
  } catch {
    // No request scope: nothing to keep alive; raiseAlert never rejects.
  }
}
