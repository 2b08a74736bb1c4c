// Spec §2 Admin layout: the sidebar's five groups and their items, in the spec's order (plus Orders from the
// shop issue, in Business, Policies in Website and Newsletter in Communications).
import {
  BarChart3,
  BookOpen,
  Boxes,
  BriefcaseBusiness,
  Camera,
  FileSpreadsheet,
  DoorOpen,
  Home,
  Hourglass,
  Images,
  LayoutDashboard,
  Mail,
  Newspaper,
  Palette,
  ReceiptText,
  ScrollText,
  Settings,
  ShoppingBag,
  Tags,
  ToggleLeft,
  Upload,
  UserRound,
  Users,
  GalleryHorizontalEnd,
  type LucideIcon,
} from "lucide-react";
import { adminPaths } from "~/lib/admin-paths";

export interface AdminNavItem {
  label: string;
  /** Said after the label, smaller, and part of the link's name (the spec's "Bulk Import (CSV/spreadsheet)"). */
  detail?: string;
  href: string;
  icon: LucideIcon;
}

export interface AdminNavGroup {
  label: string;
  items: AdminNavItem[];
}

export const ADMIN_NAV: AdminNavGroup[] = [
  { label: "Overview", items: [{ label: "Dashboard", href: adminPaths.dashboard(), icon: LayoutDashboard }] },
  {
    label: "Content",
    items: [
      { label: "Artwork Upload", href: adminPaths.upload(), icon: Upload },
      { label: "Bulk Import", detail: "(CSV/spreadsheet)", href: adminPaths.import(), icon: FileSpreadsheet },
      { label: "Artwork Management", href: adminPaths.artworks(), icon: Palette },
      { label: "Status Management", href: adminPaths.status(), icon: ToggleLeft },
      { label: "Categorization", href: adminPaths.categorization(), icon: Tags },
    ],
  },
  {
    label: "Business",
    items: [
      { label: "Commission Pipeline", href: adminPaths.commissions(), icon: BriefcaseBusiness },
      { label: "Customer Management", href: adminPaths.customers(), icon: Users },
      { label: "Invoice Generation", href: adminPaths.invoices(), icon: ReceiptText },
      { label: "Exhibition Management", href: adminPaths.exhibitions(), icon: GalleryHorizontalEnd },
      { label: "Inventory Management", href: adminPaths.inventory(), icon: Boxes },
      { label: "Orders", href: adminPaths.orders(), icon: ShoppingBag },
      { label: "Holds", href: adminPaths.holds(), icon: Hourglass },
      { label: "Viewing Rooms", href: adminPaths.rooms(), icon: DoorOpen },
    ],
  },
  {
    label: "Website",
    items: [
      { label: "Homepage Editor", href: adminPaths.homepage(), icon: Home },
      { label: "About Page", href: adminPaths.about(), icon: UserRound },
      { label: "Upload Photos", href: adminPaths.artistPhotos(), icon: Camera },
      { label: "Manage Photos", href: adminPaths.managePhotos(), icon: Images },
      { label: "Blog Posts", href: adminPaths.blog(), icon: BookOpen },
      { label: "Policies", href: adminPaths.policies(), icon: ScrollText },
    ],
  },
  {
    label: "Communications",
    items: [
      // The spec's three first, in its order; what this product adds comes after them, as in Business and Website.
      { label: "Contact Messages", href: adminPaths.messages(), icon: Mail },
      { label: "Analytics", href: adminPaths.analytics(), icon: BarChart3 },
      { label: "Settings", href: adminPaths.settings(), icon: Settings },
      { label: "Newsletter", href: adminPaths.newsletter(), icon: Newspaper },
    ],
  },
];
