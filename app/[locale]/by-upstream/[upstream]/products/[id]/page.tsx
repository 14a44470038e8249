import { permanentRedirect } from "next/navigation";
import { loadProduct } from "@/app/_components/product/load-product";
import { productHref } from "@/app/_components/product/product-href";

// /products/<id> – the short form links may use; the canonical URL carries the slug.
export default async function ProductByIdPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  permanentRedirect(productHref((await loadProduct(id)).product));
}
