import { Link } from "react-router";
import type { Route } from "./+types/tools";
import { localizePath, useLocale, useT } from "../../i18n";
import { TOOL_IDS, type ToolId } from "../../lib/catalog";
import { ArrowRightIcon } from "../../components/icons";
import { ToolIcon } from "../../components/tool-icons";
import { HonestNote, PageHero, Section } from "../../components/marketing/marketing-sections";
import { MISC_COPY } from "../../lib/marketing/content/misc-content.server";
import { TOOL_LANDINGS } from "../../lib/marketing/marketing-paths";
import { marketingToolStatuses } from "../../lib/marketing/tool-status";
import { seoMeta } from "../../lib/marketing/seo";
import { buildSeo, requestLocale } from "../../lib/marketing/seo.server";

const AUDIO_TOOLS: readonly ToolId[] = ["textToSpeech", "speechToSpeech", "voiceCloning", "voiceLibrary"];

export function loader({ request }: Route.LoaderArgs) {
  const copy = MISC_COPY[requestLocale(request)].tools;
  const built = Object.fromEntries(marketingToolStatuses(TOOL_IDS).map(({ tool, built }) => [tool, built])) as Record<ToolId, boolean>;
  return { copy, built, seo: buildSeo(request, { title: copy.title, description: copy.description }) };
}

export default function Tools({ loaderData }: Route.ComponentProps) {
  const { copy, built } = loaderData;
  const locale = useLocale();
  const t = useT();
  const groups = [
    { id: "audio", title: copy.groups.audio, tools: TOOL_IDS.filter((tool) => AUDIO_TOOLS.includes(tool)) },
    { id: "video", title: copy.groups.video, tools: TOOL_IDS.filter((tool) => !AUDIO_TOOLS.includes(tool)) },
  ];
  return (
    <>
      <PageHero title={copy.h1} lead={copy.lead} />
      {groups.map((group, index) => (
        <Section key={group.id} id={group.id} title={group.title} muted={index % 2 === 0}>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {group.tools.map((tool) => {
              const { landing, workbench } = TOOL_LANDINGS[tool];
              return (
                <li key={tool} className="flex flex-col rounded-2xl border border-border bg-surface p-5" data-tool={tool} data-built={built[tool]}>
                  <div className="flex items-start justify-between gap-3">
                    <span className="flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground">
                      <ToolIcon tool={tool} className="size-6" />
                    </span>
                    <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${built[tool] ? "bg-primary-soft text-primary-soft-foreground" : "bg-surface-muted text-muted-foreground"}`}>
                      {t(built[tool] ? "marketing.toolStatus.built" : "marketing.toolStatus.notYet")}
                    </span>
                  </div>
                  <h3 className="mt-4 font-semibold">{t(`tools.${tool}.name`)}</h3>
                  <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">{t(`tools.${tool}.description`)}</p>
                  <div className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm font-medium">
                    {landing ? (
                      <Link to={localizePath(landing, locale)} className="text-primary hover:underline">
                        {copy.learnMore}
                      </Link>
                    ) : null}
                    {built[tool] ? (
                      <Link to={localizePath(workbench, locale)} className="inline-flex items-center gap-1 text-primary hover:underline">
                        {copy.open}
                        <ArrowRightIcon className="size-4" />
                      </Link>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </Section>
      ))}
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        <HonestNote title={copy.noteTitle}>{copy.note}</HonestNote>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);
