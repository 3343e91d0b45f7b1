/**
 * Sends raw request bytes to a server on 127.0.0.1 and resolves with everything it answered once
 * it closes the connection (send `Connection: close`, or HTTP/1.0). For requests no fetch can
 * make: no Host header, odd Host values.
 */
export async function rawHttpExchange(port: number, head: string): Promise<string> {
  const { promise, resolve, reject } = Promise.withResolvers<string>();
  let received = '';
  await Bun.connect({
    hostname: '127.0.0.1',
    port,
    socket: {
      open(socket) {
        socket.write(head);
      },
      data(_socket, chunk) {
        received += chunk.toString();
      },
      close() {
        resolve(received);
      },
      error(_socket, err) {
        reject(err);
      },
    },
  });
  return promise;
}

/** The JSON body of a raw answer (after the blank line that ends the head). */
export function rawHttpJson(answer: string): unknown {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
}
