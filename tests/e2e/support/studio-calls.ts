import type { Page } from '@playwright/test';

/** Calls a route of the studio contract as the page would (the session cookie is the page's). */
async function invoke(page: Page, route: string, input: unknown): Promise<{ ok: boolean; value: unknown; error?: { code: string; reason?: string } }> {
  return page.evaluate(
    async ({ route, input }) => {
      const response = await fetch(`/api/invoke/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ input }),
      });
      return (await response.json()) as never;
    },
    { route, input },
  );
}

/** Calls a route and returns its value, failing with main's message otherwise. */
export async function call<T>(page: Page, route: string, input: unknown): Promise<T> {
  const answer = await invoke(page, route, input);
  if (!answer.ok) throw new Error(`${route}: ${JSON.stringify(answer.error)}`);
  return answer.value as T;
}
