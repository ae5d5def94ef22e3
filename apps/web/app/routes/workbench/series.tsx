import { SeriesPage } from "../../components/series/series-page";

/** `/workbench/series` (and `/zh/…`): series and their season board (components in `components/series/`). */
export default function Series() {
  return <SeriesPage />;
}
