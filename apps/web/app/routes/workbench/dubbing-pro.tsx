import { DubbingProjectsPage } from "../../components/dubbing/dubbing-projects-page";

/** `/workbench/dubbing-pro`: several languages, voices per character, glossary, pronunciations, stems, cast bibles. */
export default function DubbingPro() {
  return <DubbingProjectsPage edition="pro" />;
}
