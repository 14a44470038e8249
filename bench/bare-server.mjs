// The baseline: a bare node:http server answering one fixed JSON body, nothing else.
import { createServer } from "node:http";

const body = JSON.stringify({ success: true, order_status: 2, order_status_text: "success", order_id: "1000001" });
const port = Number(process.env.PORT ?? 4020);
createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    response.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
    response.end(body);
  });
}).listen(port, "127.0.0.1");
