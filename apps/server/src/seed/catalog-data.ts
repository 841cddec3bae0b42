/** Words the demo catalog is made of: believable titles, options and prices per category. */
export interface CategorySeed {
  name: string;
  code: string;
  nouns: string[];
  adjectives: string[];
  materials: string[];
  options: 'apparel' | 'shoes' | 'colour' | 'material' | 'none';
  price: [number, number];
  type: string;
}

export const CATEGORIES: CategorySeed[] = [
  {
    name: 'Tops',
    code: 'TOP',
    type: 'Shirt',
    options: 'apparel',
    price: [18, 85],
    nouns: ['Shirt', 'Tee', 'Henley', 'Polo', 'Blouse', 'Sweater', 'Cardigan', 'Tank'],
    adjectives: ['Relaxed', 'Classic', 'Oversized', 'Everyday', 'Heritage', 'Slim', 'Boxy', 'Washed'],
    materials: ['Linen', 'Cotton', 'Merino', 'Hemp', 'Jersey', 'Flannel', 'Oxford', 'Cashmere'],
  },
  {
    name: 'Bottoms',
    code: 'BTM',
    type: 'Trousers',
    options: 'apparel',
    price: [35, 120],
    nouns: ['Chinos', 'Jeans', 'Trousers', 'Shorts', 'Skirt', 'Joggers', 'Culottes'],
    adjectives: ['Tapered', 'Straight', 'Wide-Leg', 'Pleated', 'Cropped', 'Utility', 'Relaxed'],
    materials: ['Denim', 'Twill', 'Corduroy', 'Canvas', 'Linen', 'Wool'],
  },
  {
    name: 'Outerwear',
    code: 'OUT',
    type: 'Jacket',
    options: 'apparel',
    price: [90, 340],
    nouns: ['Jacket', 'Parka', 'Raincoat', 'Overshirt', 'Gilet', 'Peacoat', 'Anorak'],
    adjectives: ['Harbor', 'Alpine', 'Packable', 'Storm', 'Field', 'Quilted', 'Waxed'],
    materials: ['Waxed Cotton', 'Nylon', 'Wool', 'Down', 'Fleece', 'Gore-Tex'],
  },
  {
    name: 'Footwear',
    code: 'FTW',
    type: 'Shoes',
    options: 'shoes',
    price: [60, 220],
    nouns: ['Sneaker', 'Boot', 'Loafer', 'Sandal', 'Derby', 'Slipper', 'Trail Runner'],
    adjectives: ['Low-Top', 'Chelsea', 'Desert', 'Court', 'Everyday', 'Hiking', 'Canvas'],
    materials: ['Suede', 'Leather', 'Canvas', 'Nubuck', 'Knit'],
  },
  {
    name: 'Bags',
    code: 'BAG',
    type: 'Bag',
    options: 'colour',
    price: [25, 260],
    nouns: ['Tote', 'Backpack', 'Duffel', 'Crossbody', 'Weekender', 'Messenger', 'Pouch'],
    adjectives: ['Market', 'Commuter', 'Roll-Top', 'Travel', 'Mini', 'Utility', 'Field'],
    materials: ['Canvas', 'Leather', 'Waxed Canvas', 'Recycled Nylon', 'Cork'],
  },
  {
    name: 'Accessories',
    code: 'ACC',
    type: 'Accessory',
    options: 'colour',
    price: [12, 95],
    nouns: ['Beanie', 'Scarf', 'Belt', 'Cap', 'Gloves', 'Socks', 'Bandana', 'Wallet'],
    adjectives: ['Ribbed', 'Woven', 'Classic', 'Fisherman', 'Trucker', 'Chunky', 'Slim'],
    materials: ['Wool', 'Cotton', 'Leather', 'Alpaca', 'Silk'],
  },
  {
    name: 'Home Textiles',
    code: 'HOM',
    type: 'Textile',
    options: 'colour',
    price: [15, 240],
    nouns: ['Throw', 'Duvet Cover', 'Pillowcase', 'Napkin Set', 'Tablecloth', 'Bath Towel', 'Rug'],
    adjectives: ['Stonewashed', 'Waffle', 'Herringbone', 'Striped', 'Plain', 'Fringed'],
    materials: ['Linen', 'Cotton', 'Wool', 'Jute', 'Bamboo'],
  },
  {
    name: 'Kitchen',
    code: 'KIT',
    type: 'Kitchenware',
    options: 'material',
    price: [8, 180],
    nouns: ['Mug', 'Skillet', 'Cutting Board', 'Teapot', 'Bowl Set', 'Chef Knife', 'Carafe', 'Apron'],
    adjectives: ['Enamel', 'Cast', 'Hand-Thrown', 'Everyday', 'Nordic', 'Speckled'],
    materials: ['Stoneware', 'Cast Iron', 'Oak', 'Walnut', 'Glass', 'Steel'],
  },
  {
    name: 'Stationery',
    code: 'STA',
    type: 'Stationery',
    options: 'none',
    price: [4, 45],
    nouns: ['Notebook', 'Pen', 'Planner', 'Sketchbook', 'Card Set', 'Desk Pad', 'Pencil Case'],
    adjectives: ['Dot-Grid', 'Lined', 'Pocket', 'A5', 'Weekly', 'Recycled'],
    materials: ['Paper', 'Kraft', 'Brass', 'Leather', 'Linen'],
  },
  {
    name: 'Outdoor Gear',
    code: 'ODG',
    type: 'Gear',
    options: 'colour',
    price: [15, 320],
    nouns: ['Tent', 'Sleeping Bag', 'Water Bottle', 'Headlamp', 'Camp Chair', 'Hammock', 'Daypack'],
    adjectives: ['Ultralight', 'Insulated', 'Compact', 'Trail', 'Basecamp', 'Folding'],
    materials: ['Ripstop', 'Steel', 'Aluminium', 'Titanium', 'Nylon'],
  },
  {
    name: 'Beauty',
    code: 'BEA',
    type: 'Beauty',
    options: 'none',
    price: [6, 60],
    nouns: ['Soap Bar', 'Hand Cream', 'Lip Balm', 'Face Oil', 'Shampoo Bar', 'Candle', 'Body Wash'],
    adjectives: ['Cedar', 'Lavender', 'Unscented', 'Citrus', 'Sea Salt', 'Rose'],
    materials: ['Shea', 'Beeswax', 'Olive Oil', 'Clay', 'Soy Wax'],
  },
  {
    name: 'Toys',
    code: 'TOY',
    type: 'Toy',
    options: 'none',
    price: [9, 75],
    nouns: ['Building Blocks', 'Puzzle', 'Plush Bear', 'Kite', 'Wooden Train', 'Marble Run', 'Yo-Yo'],
    adjectives: ['Rainbow', 'Classic', 'Stacking', 'Mini', 'Deluxe', 'Pocket'],
    materials: ['Beech', 'Felt', 'Cotton', 'Maple', 'Cardboard'],
  },
];

export const VENDORS = [
  'Northwind',
  'Fjord & Co',
  'Harbor Supply',
  'Juniper Goods',
  'Cedar Lane',
  'Amber Works',
  'Tidewater',
  'Birch Studio',
  'Indigo Mill',
  'Garnet House',
];
export const TAGS = [
  'bestseller',
  'new',
  'sale',
  'organic',
  'gift',
  'wholesale',
  'limited',
  'eco',
  'summer',
  'winter',
  'handmade',
  'staff-pick',
];
export const COLOURS = [
  'Black',
  'White',
  'Navy',
  'Olive',
  'Rust',
  'Sand',
  'Grey',
  'Forest',
  'Burgundy',
  'Sky',
];
export const APPAREL_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
export const SHOE_SIZES = ['37', '38', '39', '40', '41', '42', '43', '44', '45', '46'];
export const COLOUR_HEX: Record<string, string> = {
  Black: '#2d3436',
  White: '#dfe6e9',
  Navy: '#273c75',
  Olive: '#6a7f3a',
  Rust: '#b7472a',
  Sand: '#d6b98c',
  Grey: '#7f8c8d',
  Forest: '#2e5e4e',
  Burgundy: '#7b2d3b',
  Sky: '#74b9ff',
};
