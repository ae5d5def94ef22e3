import { Link } from "react-router";
import type { Route } from "./+types/api-reference";
import { localizePath, useLocale } from "../../i18n";
import { PageContainer, PageHero } from "../../components/marketing/marketing-sections";
import { apiReference, type ApiEndpointView } from "../../lib/marketing/api-reference.server";
import { API_REFERENCE_COPY } from "../../lib/marketing/content/api-docs-content.server";
import { seoMeta } from "../../lib/marketing/seo";
import { buildSeo, requestLocale } from "../../lib/marketing/seo.server";

// The REST v1 part of the OpenAPI document, grouped by tag; the JSON stays at /api/docs (and /api/docs/openapi.json).
export function loader({ request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const copy = API_REFERENCE_COPY[locale];
  const { summaries, errorDescriptions, parameterDescriptions, ...labels } = copy;
  return { copy: labels, reference: apiReference(locale, summaries, { errors: errorDescriptions, parameters: parameterDescriptions }), seo: buildSeo(request, { title: copy.title, description: copy.description }) };
}

type Copy = Route.ComponentProps["loaderData"]["copy"];

const METHOD_STYLE: Record<string, string> = {
  GET: "bg-primary/10 text-primary",
  POST: "bg-emerald-500/15 text-emerald-700 dark:text-emerald-300",
};

const anchorOf = (endpoint: ApiEndpointView) => endpoint.operationId.replace(/_/g, "-");

function Example({ title, text }: { title: string; text: string }) {
  return (
    <div className="mt-4">
      <h4 className="text-sm font-semibold text-foreground">{title}</h4>
      <pre className="mt-2 max-h-96 overflow-auto rounded-xl border border-border bg-surface-muted p-3 text-xs leading-relaxed">
        <code>{text}</code>
      </pre>
    </div>
  );
}

function Endpoint({ endpoint, copy }: { endpoint: ApiEndpointView; copy: Copy }) {
  const access = `${copy.access[endpoint.access]}${endpoint.tool ? ` ${copy.toolScope.replace("{tool}", endpoint.tool)}` : ""}`;
  return (
    <article id={anchorOf(endpoint)} className="scroll-mt-24 rounded-2xl border border-border bg-surface p-5" data-testid="api-endpoint">
      <h3 className="flex flex-wrap items-center gap-2 font-mono text-sm">
        <span className={`rounded-md px-2 py-0.5 text-xs font-bold ${METHOD_STYLE[endpoint.method] ?? ""}`}>{endpoint.method}</span>
        <span className="break-all">{endpoint.path}</span>
      </h3>
      <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{endpoint.summary}</p>
      <p className="mt-3 text-sm">
        <span className="font-semibold">{copy.auth}: </span>
        <span className="text-muted-foreground">Authorization: Bearer vx_live_… — {access}</span>
      </p>
      {endpoint.parameters.length ? (
        <div className="mt-4 overflow-x-auto">
          <h4 className="text-sm font-semibold">{copy.parameters}</h4>
          <table className="mt-2 w-full text-left text-xs">
            <thead className="text-muted-foreground">
              <tr>
                <th className="py-1 pr-3 font-medium">{copy.parameter.name}</th>
                <th className="py-1 pr-3 font-medium">{copy.parameter.in}</th>
                <th className="py-1 pr-3 font-medium">{copy.parameter.type}</th>
                <th className="py-1 pr-3 font-medium">{copy.parameter.required}</th>
              </tr>
            </thead>
            <tbody>
              {endpoint.parameters.map((parameter) => (
                <tr key={`${parameter.in}:${parameter.name}`} className="border-t border-border align-top">
                  <td className="py-1.5 pr-3 font-mono">{parameter.name}</td>
                  <td className="py-1.5 pr-3">{parameter.in}</td>
                  <td className="py-1.5 pr-3">
                    <span className="font-mono">{parameter.type}</span>
                    {parameter.defaultValue !== null ? <span className="text-muted-foreground"> · {copy.parameter.defaultValue.replace("{value}", parameter.defaultValue)}</span> : null}
                    {parameter.description ? <p className="mt-1 text-muted-foreground">{parameter.description}</p> : null}
                  </td>
                  <td className="py-1.5 pr-3">{parameter.required ? copy.parameter.yes : copy.parameter.no}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {endpoint.requestTypes.length ? (
        <p className="mt-4 text-sm">
          <span className="font-semibold">{copy.requestBody}: </span>
          <span className="font-mono text-xs text-muted-foreground">{endpoint.requestTypes.join(" | ")}</span>
        </p>
      ) : null}
      {endpoint.requestExample ? <Example title={copy.requestExample} text={endpoint.requestExample} /> : null}
      <p className="mt-4 text-sm">
        <span className="font-semibold">{copy.response}: </span>
        <span className="text-muted-foreground">{endpoint.responseType === "application/json" ? "application/json — {code, message, data}" : copy.fileResponse}</span>
      </p>
      {endpoint.responseExample ? <Example title={copy.responseExample} text={endpoint.responseExample} /> : null}
      <div className="mt-4">
        <h4 className="text-sm font-semibold">{copy.errors}</h4>
        <ul className="mt-2 space-y-1 text-xs text-muted-foreground">
          {endpoint.errors.map((error) => (
            <li key={error.status}>
              <span className="font-mono font-semibold text-foreground">{error.status}</span> {error.description}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

export default function ApiReference({ loaderData }: Route.ComponentProps) {
  const { copy, reference } = loaderData;
  const locale = useLocale();
  const link = "font-medium text-primary underline underline-offset-2";
  return (
    <>
      <PageHero title={copy.h1} lead={copy.lead}>
        <div className="flex flex-wrap justify-center gap-4 text-sm">
          <Link to={localizePath("/developers/api", locale)} className={link}>
            {copy.guideLink}
          </Link>
          <a href="/api/docs/openapi.json" className={link}>
            {copy.jsonLink}
          </a>
        </div>
      </PageHero>
      <PageContainer width="wide" className="grid gap-10 py-12 lg:grid-cols-[14rem_1fr]">
        <nav aria-label={copy.contents} className="text-sm lg:sticky lg:top-24 lg:self-start">
          <h2 className="font-semibold">{copy.contents}</h2>
          <ul className="mt-3 space-y-3">
            {reference.groups.map((group) => (
              <li key={group.tag}>
                <a href={`#tag-${group.tag}`} className="font-medium">
                  {group.tag}
                </a>
                <ul className="mt-1 space-y-1 pl-3 font-mono text-xs text-muted-foreground">
                  {group.endpoints.map((endpoint) => (
                    <li key={endpoint.operationId}>
                      <a href={`#${anchorOf(endpoint)}`}>
                        {endpoint.method} {endpoint.path.replace("/api/v1", "")}
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
            <li>
              <a href="#error-codes" className="font-medium">
                {copy.errorCodesTitle}
              </a>
            </li>
          </ul>
        </nav>
        <div className="min-w-0 space-y-12">
          {reference.groups.map((group) => (
            <section key={group.tag} id={`tag-${group.tag}`} aria-labelledby={`tag-${group.tag}-title`} className="scroll-mt-24">
              <h2 id={`tag-${group.tag}-title`} className="text-2xl font-bold tracking-tight">
                {group.tag}
              </h2>
              <div className="mt-5 space-y-5">
                {group.endpoints.map((endpoint) => (
                  <Endpoint key={endpoint.operationId} endpoint={endpoint} copy={copy} />
                ))}
              </div>
            </section>
          ))}
          <section id="error-codes" aria-labelledby="error-codes-title" className="scroll-mt-24">
            <h2 id="error-codes-title" className="text-2xl font-bold tracking-tight">
              {copy.errorCodesTitle}
            </h2>
            <p className="mt-3 text-sm text-muted-foreground">{copy.errorCodesLead}</p>
            <div className="mt-4 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-muted-foreground">
                  <tr>
                    <th className="py-1 pr-4 font-medium">{copy.code}</th>
                    <th className="py-1 pr-4 font-medium">{copy.name}</th>
                    <th className="py-1 font-medium">{copy.message}</th>
                  </tr>
                </thead>
                <tbody>
                  {reference.errorCodes.map((error) => (
                    <tr key={error.code} className="border-t border-border align-top">
                      <td className="py-1.5 pr-4 font-mono">{error.code}</td>
                      <td className="py-1.5 pr-4 font-mono text-xs">{error.name}</td>
                      <td className="py-1.5 text-muted-foreground">{error.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </div>
      </PageContainer>
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);
