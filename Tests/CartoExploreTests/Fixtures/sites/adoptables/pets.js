// The shelter's animals, each picked by a word in the address (`details.html?id=buddy`), not a number.
const pets = [
  { id: 'buddy', name: 'Buddy', kind: 'Golden retriever' },
  { id: 'charlie', name: 'Charlie', kind: 'Beagle' },
  { id: 'luna', name: 'Luna', kind: 'Tabby cat' },
  { id: 'mochi', name: 'Mochi', kind: 'Shiba inu' },
];
function card(p) {
  return `<li class="card"><h3>${p.name}</h3><p>${p.kind}</p><a href="details.html?id=${p.id}">View details</a></li>`;
}
