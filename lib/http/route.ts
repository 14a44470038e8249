// The one wrapper for our public routes. Whatever a handler throws (a library's surprise, a
// page-oriented reader that throws in an outage) becomes the one error envelope: the error's own
// answer when it carries one (answerable-error.ts), else `internal` with the details logged and
// never sent. Without it Next answers an uncaught throw with its own HTML 500, which no client of
// ours can read.
import { answerOf } from "./answerable-error";
import { errorBody } from "./error-body";
import { errorAnswer } from "./json-answer";

const INTERNAL = errorBody("internal", "Something went wrong on our side; try again shortly.");

export function route<R extends Request, A extends unknown[]>(handler: (request: R, ...rest: A) => Promise<Response>): (request: R, ...rest: A) => Promise<Response> {
  return async (request, ...rest) => {
    try {
      return await handler(request, ...rest);
    } catch (error) {
      const answer = answerOf(error);
      console.error(`[http] ${request.method} ${new URL(request.url).pathname} threw${answer ? ` (answered ${answer.error})` : ""}:`, error);
      return errorAnswer(answer ?? INTERNAL);
    }
  };
}
