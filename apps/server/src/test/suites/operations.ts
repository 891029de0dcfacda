/** `METHOD /path` of every operation in the server's OpenAPI document (GET /api/docs/json). */
export async function documentedOperations(baseUrl: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/docs/json`);
  if (response.status !== 200) throw new Error(`GET /api/docs/json → ${response.status}`);
  const document = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
  const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => methods.has(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}
