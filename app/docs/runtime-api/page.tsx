// The runtime API's reference for people, rendered on the server from the same OpenAPI document
// that /api/runtime/openapi.json serves (docs/runtime-api.md "The runtime's memory API"): no
// scripts at all.
import type { Metadata } from 'next';
import { jsonSchemaOf, runtimeOpenApiDocument } from '@/server/runtime/openapi';
import { RUNTIME_OPERATIONS, type RuntimeOperation } from '@/server/runtime/operations';

export const metadata: Metadata = { title: 'Runtime API' };

/**
 * A description's words with its `code` spans as code (marked technical: field names and values
 * are the API's own words), so no literal backtick reaches the page.
 */
function DescriptionText({ text }: { text: string }) {
  const parts = text.split(/`([^`]+)`/);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <code key={index} data-technical className="rounded bg-slate-100 px-1 font-mono text-[0.9em] dark:bg-slate-800">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

type Responses = Record<string, { description: string; content?: { 'application/json': { schema: unknown } } }>;

function SchemaBlock({ label, schema }: { label: string; schema: unknown }) {
  return (
    <details className="rounded-md border border-slate-200 dark:border-slate-700">
      <summary className="cursor-pointer rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600">
        {label}
      </summary>
      <pre
        className="overflow-x-auto border-t border-slate-200 p-3 text-xs dark:border-slate-700"
        tabIndex={0}
        aria-label={`${label} (JSON Schema)`}
      >
        {JSON.stringify(schema, null, 2)}
      </pre>
    </details>
  );
}

export default function RuntimeApiDocsPage() {
  const document = runtimeOpenApiDocument();
  const operations = Object.entries<RuntimeOperation>(RUNTIME_OPERATIONS);
  return (
    // The runtime API's reference is technical throughout: its tokens and field names are the point.
    <main data-technical className="mx-auto max-w-3xl space-y-8 p-4 text-slate-900 sm:p-8 dark:text-slate-100">
      <header className="space-y-2">
        <p className="text-sm">
          {/* eslint-disable-next-line no-restricted-syntax, @next/next/no-html-link-for-pages -- a page without scripts: a plain link, no client router. */}
          <a className="text-indigo-700 underline dark:text-indigo-300" href="/">
            ← Back to the console
          </a>
        </p>
        <h1 className="text-2xl font-semibold">{document.info.title}</h1>
        <p className="text-slate-700 dark:text-slate-300">
          <DescriptionText text={document.info.description ?? ''} />
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          The machine-readable description (OpenAPI 3.1) is at{' '}
          {/* eslint-disable-next-line no-restricted-syntax -- JSON, not a page: next/link would prefetch it as one and bring its code to a page that needs none. */}
          <a className="text-indigo-700 underline dark:text-indigo-300" href="/api/runtime/openapi.json">
            /api/runtime/openapi.json
          </a>
          .
        </p>
      </header>
      <nav aria-label="Operations">
        <ul className="list-inside list-disc text-sm">
          {operations.map(([id, operation]) => (
            <li key={operation.path}>
              <a className="text-indigo-700 underline dark:text-indigo-300" href={`#${id}`}>
                {operation.summary}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {operations.map(([id, operation]) => {
        const pathItem = document.paths[operation.path] as Record<string, { responses: unknown }>;
        const responses = pathItem[operation.method.toLowerCase()]!.responses as Responses;
        return (
          <section key={operation.path} id={id} aria-labelledby={`${id}-title`} className="space-y-3">
            <h2 id={`${id}-title`} className="text-lg font-semibold">
              {operation.summary}
            </h2>
            <p className="font-mono text-sm break-words">
              <span className="rounded bg-indigo-100 px-1.5 py-0.5 font-semibold text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100">
                {operation.method}
              </span>{' '}
              {operation.path}
            </p>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              <DescriptionText text={operation.description} />
            </p>
            <p className="text-sm">
              Needs a token with{' '}
              <code data-technical className="font-mono">
                {operation.permission}
              </code>
              .
            </p>
            <SchemaBlock
              label={operation.body === 'query' ? 'Query parameters' : 'Request body'}
              schema={jsonSchemaOf(operation.request, 'input')}
            />
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Answers of {operation.path}</caption>
              <thead>
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Meaning
                  </th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(responses).map(([status, response]) => (
                  <tr key={status} className="border-t border-slate-200 dark:border-slate-700">
                    <td className="py-1 pr-3 align-top font-mono">{status}</td>
                    <td className="py-1">
                      <DescriptionText text={response.description} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {operation.success.schema ? (
              <SchemaBlock label={`Answer (${operation.success.status})`} schema={jsonSchemaOf(operation.success.schema, 'output')} />
            ) : null}
          </section>
        );
      })}
    </main>
  );
}
