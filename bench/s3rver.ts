// A real S3 server (s3rver) for bench/documents.ts, in its own process so the bench measures
// only the app's memory. Prints `PORT <n>` on stdout once it listens; stops on stdin EOF.
// Usage: deno run --config deno.test.json -A bench/s3rver.ts <directory> <bucket>
import S3rver from "s3rver";

const [directory, bucket] = Deno.args;
const server = new S3rver({
  port: 0,
  address: "127.0.0.1",
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [] }],
});
const { port } = await server.run();
console.log(`PORT ${port}`);
for await (const _ of Deno.stdin.readable) { /* wait for the parent to close stdin */ }
await server.close();
Deno.exit(0);
