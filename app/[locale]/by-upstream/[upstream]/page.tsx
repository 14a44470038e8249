import { CatalogPage } from "@/app/_components/catalog/catalog-page";

export default function Catalog() {
  return <CatalogPage search="" />;
}
