import { API_EXAMPLES } from "@voxwork/contract/client";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/api-guide";
import { localizePath, useLocale } from "../../i18n";
import { PageContainer, PageHero } from "../../components/marketing/marketing-sections";
import { API_GUIDE_COPY } from "../../lib/marketing/content/api-docs-content.server";
import { seoMeta } from "../../lib/marketing/seo";
import { buildSeo, requestLocale } from "../../lib/marketing/seo.server";

// The commands are the same in both languages (API_EXAMPLES, run by the integration test); the prose is the page's language.
export function loader({ request }: Route.LoaderArgs) {
  const copy = API_GUIDE_COPY[requestLocale(request)];
  return { copy, seo: buildSeo(request, { title: copy.title, description: copy.description }) };
}

/** A receiver in Node: the raw body is read before anything parses it, then checked. */
const WEBHOOK_RECEIVER_EXAMPLE = `import { createServer } from "node:http";
import { verifyWebhookSignature } from "@voxwork/client";

createServer(async (request, response) => {
  let body = "";
  for await (const chunk of request) body += chunk;
  if (!verifyWebhookSignature(request.headers["voxwork-signature"], body, process.env.VOXWORK_WEBHOOK_SECRET)) {
    response.writeHead(400).end();
    return;
  }
  const event = JSON.parse(body);
  if (event.type === "job.succeeded") console.log("done:", event.data.job.id);
  response.writeHead(204).end();
}).listen(8080);`;

function Code({ children }: { children: string }) {
  return (
    <pre className="mt-3 overflow-x-auto rounded-xl border border-border bg-surface-muted p-4 text-sm leading-relaxed">
      <code>{children}</code>
    </pre>
  );
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-12 scroll-mt-24">
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-4 space-y-4 leading-relaxed text-muted-foreground">{children}</div>
    </section>
  );
}

export default function ApiGuide({ loaderData }: Route.ComponentProps) {
  const { copy } = loaderData;
  const locale = useLocale();
  const link = "font-medium text-primary underline underline-offset-2";
  return (
    <>
      <PageHero title={copy.h1} lead={copy.lead}>
        <Link to={localizePath("/developers/api/reference", locale)} className={link}>
          {copy.referenceLink}
        </Link>
      </PageHero>
      <PageContainer width="medium" className="pb-16">
        <Part id="key" title={copy.keyTitle}>
          {copy.key.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <p>
            <Link to={localizePath("/workbench/account", locale)} className={link}>
              {copy.accountLink}
            </Link>
          </p>
          <p>{copy.envTitle}</p>
          <Code>{API_EXAMPLES.env}</Code>
        </Part>

        <Part id="curl" title={copy.curlTitle}>
          {(["balance", "createTts", "getJob", "download", "upload", "voices"] as const).map((step) => (
            <div key={step}>
              <p>{copy.curlSteps[step]}</p>
              <Code>{API_EXAMPLES.curl[step]}</Code>
            </div>
          ))}
        </Part>

        <Part id="typescript" title={copy.typescriptTitle}>
          <p>{copy.typescript}</p>
          <Code>{API_EXAMPLES.typescript}</Code>
        </Part>

        <Part id="cli" title={copy.cliTitle}>
          <p>{copy.cli}</p>
          {(["tts", "wait", "batch", "sheet"] as const).map((step) => (
            <div key={step}>
              <p>{copy.cliSteps[step]}</p>
              <Code>{API_EXAMPLES.cli[step]}</Code>
            </div>
          ))}
          <p>{copy.cliSteps.voices}</p>
          <Code>{`${API_EXAMPLES.cli.voices}\n${API_EXAMPLES.cli.balance}`}</Code>
        </Part>

        <Part id="idempotency" title={copy.idempotencyTitle}>
          {copy.idempotency.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </Part>
        <Part id="errors" title={copy.errorsTitle}>
          {copy.errors.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <p>
            <Link to={`${localizePath("/developers/api/reference", locale)}#error-codes`} className={link}>
              {copy.referenceLink}
            </Link>
          </p>
        </Part>
        <Part id="webhooks" title={copy.webhooksTitle}>
          {copy.webhooks.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <p>{copy.webhookVerify}</p>
          <Code>{WEBHOOK_RECEIVER_EXAMPLE}</Code>
        </Part>
        <Part id="limits" title={copy.limitsTitle}>
          {copy.limits.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </Part>
      </PageContainer>
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);
