// Drives one agent's MCP endpoint with the official TypeScript SDK's client, as an MCP client
// application would, and prints what it saw as one JSON document for the Java test to check.
// Usage: node sdk-client.mjs '<JSON settings>' with url, plannerUrl, category, otherCategory,
// plannerCategory, operationId and the Authorization headers admin, operator and viewer.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const settings = JSON.parse(process.argv[2]);

async function connect(url, authorization) {
  const client = new Client({ name: 'reveille-sdk-it', version: '1.0.0' });
  const headers = authorization ? { Authorization: authorization } : {};
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  await client.connect(transport);
  return client;
}

function outcome(result) {
  return {
    isError: result.isError === true,
    text: result.content?.[0]?.text ?? '',
    structured: result.structuredContent ?? null,
  };
}

const seen = {};
const admin = await connect(settings.url, settings.admin);
seen.serverName = admin.getServerVersion()?.name ?? null;
seen.tools = (await admin.listTools()).tools.map((tool) => ({
  name: tool.name,
  readOnly: tool.annotations?.readOnlyHint ?? null,
}));
const create = { title: 'Made by the SDK client', categoryId: settings.category };
const meta = { operationId: settings.operationId };
seen.first = outcome(await admin.callTool({ name: 'create_task', arguments: create, _meta: meta }));
seen.again = outcome(await admin.callTool({ name: 'create_task', arguments: create, _meta: meta }));
seen.outOfScope = outcome(
  await admin.callTool({
    name: 'create_task',
    arguments: { title: 'Elsewhere', categoryId: settings.otherCategory },
  }),
);
const planner = await connect(settings.plannerUrl, settings.admin);
seen.outsideCapability = outcome(
  await planner.callTool({
    name: 'create_task',
    arguments: { title: 'Not a planner task', categoryId: settings.plannerCategory },
  }),
);
const viewer = await connect(settings.url, settings.viewer);
seen.viewer = outcome(await viewer.callTool({ name: 'create_task', arguments: create }));
const operator = await connect(settings.url, settings.operator);
seen.operator = outcome(await operator.callTool({ name: 'create_task', arguments: create }));
try {
  await connect(settings.url, null);
  seen.anonymous = 'connected';
} catch (error) {
  seen.anonymous = String(error);
}
const refused = await fetch(settings.url, {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
  }),
});
seen.unauthenticated = { status: refused.status, challenge: refused.headers.get('www-authenticate') };
for (const client of [admin, planner, viewer, operator]) {
  await client.close();
}
console.log(JSON.stringify(seen));
process.exit(0);
