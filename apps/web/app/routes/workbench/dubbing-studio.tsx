import { DubbingProjectsPage } from "../../components/dubbing/dubbing-projects-page";

/** `/workbench/dubbing-studio`: one target language, characters found automatically (components in `components/dubbing/`). */
export default function DubbingStudio() {
  return <DubbingProjectsPage edition="studio" />;
}
