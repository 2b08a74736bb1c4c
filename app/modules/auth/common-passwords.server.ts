// The most common passwords of real leaks, most common first (the top ~4,000 of the "10k most common" list
// published in SecLists, MIT licence; entries shorter than 4 characters and digits-only ones are left out
// because the policy rejects those by rule), after a first line of well-known long defaults. Lower case,
// separated by white space. Server-only.
export const COMMON_PASSWORDS_TEXT = `
administrator superuser changeme passphrase correcthorsebatterystaple letmeinnow iloveyoutoo welcomehome
loginpassword mypassword yourpassword secretpassword masterpassword defaultpassword temppassword
password qwerty dragon pussy baseball football letmein monkey abc123 mustang michael shadow master jennifer
jordan superman harley fuckme hunter fuckyou trustno1 ranger buster thomas tigger robert soccer fuck batman
test pass killer hockey george charlie andrew michelle love sunshine jessica asshole pepper daniel access
joshua maggie starwars silver william dallas yankees ashley hello amanda orange biteme freedom computer sexy
thunder nicole ginger heather hammer summer corvette taylor fucker austin merlin matthew golfer cheese
princess martin chelsea patrick richard diamond yellow bigdog secret asdfgh sparky cowboy camaro anthony
matrix falcon iloveyou bailey guitar jackson purple scooter phoenix aaaaaa morgan tigers porsche mickey
maverick cookie nascar peanut justin money horny samantha panties steelers joseph snoopy boomer whatever
iceman smokey gateway dakota cowboys eagles chicken dick black zxcvbn please andrea ferrari knight hardcore
melissa compaq coffee booboo bitch johnny bulldog xxxxxx welcome james player ncc1701 wizard scooby charles
junior internet bigdick mike brandy tennis blowjob banana monster spider lakers miller rabbit enter mercedes
brandon steven fender john yamaha diablo chris boston tiger marine chicago rangers gandalf winter bigtits
barney edward raiders porn badboy blowme spanky bigdaddy johnson chester london midnight blue fishing hannah
slayer rachel sexsex redsox thx1138 asdf marlboro panther zxcvbnm arsenal oliver qazwsx mother victoria jasper
angel david winner crystal golden butthead viking jack iwantu shannon murphy angels prince cameron girls
madison wilson carlos hooters willie startrek captain maddog jasmine butter booger angela golf lauren rocket
tiffany theman dennis liverpoo flower forever green jackie muffin turtle sophie danielle redskins toyota jason
sierra winston debbie giants packers newyork jeremy casper bubba sandra lovers mountain united cooper driver
tucker helpme fucking pookie lucky maxwell bear suckit gators shithead fuckoff jaguar monica fred happy hotdog
tits gemini lover xxxxxxxx canada nathan victor florida nicholas rosebud metallic doctor trouble success
stupid tomcat warrior peaches apples fish qwertyui magic buddy dolphins rainbow gunner freddy alexis braves
cock cocacola xavier dolphin testing bond007 member calvin voodoo samson alex apollo fire tester walter beavis
voyager peter porno bonnie rush2112 beer apple scorpio jonathan skippy sydney scott red123 power gordon travis
beaver star jackass flyers boobs zzzzzz steve rebecca scorpion doggie legend ou812 yankee blazer bill runner
birdie bitches parker topgun asdfasdf heaven viper animal bigboy arthur baby private godzilla donald williams
lifehack phantom dave rock august sammy cool brian platinum jake bronco paul mark frank heka6w2 copper billy
cumshot garfield willow cunt little carter slut albert kitten super jordan23 eagle1 shelby america jessie
house free chevy bullshit white broncos horney surfer nissan saturn airborne elephant marvin shit action
adidas qwert kevin explorer walker police christin december benjamin wolf sweet therock king online dickhead
brooklyn teresa cricket sharon dexter racing penis gregory teens redwings dreams michigan hentai magnum
nothing donkey trinity digital stella cartman guinness 123abc speedy buffalo kitty pimpin eagle einstein kelly
nelson nirvana vampire xxxx playboy louise pumpkin snowball test123 girl sucker mexico beatles fantasy ford
gibson celtic marcus cherry cassie natasha sniper chance genesis hotrod reddog alexande college jester
passw0rd bigcock smith lasvegas carmen slipknot death kimberly 1q2w3e eclipse 1q2w3e4r stanley samuel drummer
homer montana music aaaa spencer jimmy carolina colorado creative hello1 rocky goober friday bollocks scotty
abcdef bubbles hawaii fluffy mine stephen horses thumper pussies darkness asdfghjk pamela boobies buddha
vanessa sandman naughty douglas honda matt azerty shorty money1 beach loveme simple poohbear badass destiny
sarah denise vikings lizard melanie assman sabrina nintendo water good howard time 123qwe november xxxxx
october leather bastard young extreme hard password1 vincent pussy1 lacrosse hotmail spooky amateur alaska
badger paradise maryjane poop crazy mozart video russell vagina spitfire anderson norman eric cherokee cougar
barbara long family horse enigma allison raider brazil blonde jones dude drowssap jeff school marshall lovely
1qaz2wsx jeffrey caroline franklin booty molly snickers leslie nipples courtney diesel rocks eminem westside
suzuki daddy passion hummer ladies zachary frankie elvis reggie alpha suckme simpson patricia pirate tommy
semperfi jupiter redrum freeuser wanker stinky ducati paris natalie babygirl bishop windows spirit pantera
monday patches brutus houston smooth penguin marley forest cream flash maximus nipple bobby bradley vision
pokemon champion fireman indian softball picard system clinton cobra enjoy lucky1 claire claudia boogie
timothy marines security dirty admin wildcats pimp dancer hardon veronica fucked abcd1234 abcdefg ironman
wolverin remember great freepass bigred squirt justice francis hobbes kermit pearljam mercury domino denver
brooke rascal hitman mistress simon tony bbbbbb friend peekaboo naked budlight electric sluts stargate saints
bondage brittany bigman zombie swimming duke qwerty1 babes scotland disney rooster brenda mookie swordfis
candy duncan olivia hunting blink182 alicia samsung bubba1 whore virginia general passport aaaaaaaa erotic
liberty arizona jesus abcd newport skipper rolltide balls happy1 galore christ weasel wombat digger classic
bulldogs poopoo accord popcorn turkey jenny amber bunny mouse titanic liverpool dreamer everton friends
chevelle carrie gabriel psycho nemesis burton pontiac connor eatme lickme roland cumming mitchell ireland
lincoln arnold spiderma patriots goblue devils eugene empire asdfg cardinal brown shaggy froggy qwer kawasaki
kodiak people phpbb light kramer chopper hooker honey whynot lesbian lisa baxter adam snake teen ncc1701d
qqqqqq airplane britney avalon sandy sugar sublime stewart wildcat raven scarface elizabet trucks wolfpack
pervert lawrence raymond redhead american alyssa bambam movie woody shaved snowman tiger1 chicks raptor
stingray shooter france stars madmax kristen sports jerry garcia simpsons lights ryan looking chronic alison
hahaha packard hendrix perfect service spring srinivas spike katie oscar brother bigmac suck single cannon
georgia popeye tattoo texas party bullet taurus sailor wolves panthers japan strike flowers pussycat chris1
loverboy berlin sticky marina tarheels fisher russia connie wolfgang testtest mature bass catch22 juice
michael1 women alpha1 trooper hawkeye head freaky dodgers pakistan machine pyramid vegeta katana moose tinker
coyote infinity inside pepsi letmein1 bang control hercules morris james1 tickle outlaw browns billybob pickle
test1 michele antonio sucks pavilion changeme caesar prelude tanner adrian darkside bowling wutang sunset
robbie alabama danger zeppelin juan rusty pppppp nick ping darkstar madonna qwe123 bigone casino cheryl
charlie1 mmmmmm integra wrangler apache tweety qwerty12 bobafett simone none business sterling trevor transam
dustin harvey england seattle ssssss rose harry openup pandora pussys trucker wallace indigo storm malibu weed
review babydoll doggy dilbert pegasus joker catfish flipper valerie herman fuckit detroit kenneth cheyenne
bruins stacey smoke joey seven marino fetish xfiles wonder stinger pizza babe pretty stealth manutd gracie
gundam cessna longhorn presario mnbvcxz wicked mustang1 victory shelly awesome athena q1w2e3r4 help holiday
knicks street redneck casey gizmo scully dragon1 devildog triumph eddie bluebird shotgun peewee ronnie angel1
daisy special metallica madman country impala lennon roscoe omega access14 enterpri miranda search smitty
blizzard unicorn tight rick ronald asdf1234 harrison trigger truck danny home winnie beauty thailand cadillac
castle tyler bobcat buddy1 sunny stones asian freddie chuck butt loveyou norton hellfire hotsex indiana short
panzer lonewolf trumpet colors blaster fireball logan precious aaron elaine jungle atlanta gold corona curtis
nikki polaris timber theone baller chipper orlando island skyline dragons dogs benson licker goldie engineer
kong pencil basketba open hornet world linda barbie chan farmer valentin wetpussy indians larry redman foobar
travel morpheus bernie target hotstuff photos laura savage holly rocky1 fuck_inside dollar turbo design newton
hottie moon blondes lestat avatar future goforit random abgrtyu jjjjjj cancer q1w2e3 smiley goldberg express
virgin zipper wrinkle1 stone andy babylon dong powers consumer dudley monkey1 serenity samurai bigboobs
skeeter lindsay joejoe master1 aaaaa chocolat christia birthday stephani tang 1234qwer alfred ball maria
sexual maxima sampson buckeye highland kristin seminole reaper bassman nugget lucifer airforce nasty watson
warlock philip always dodge chrissy burger bird snatch missy pink gang maddie holmes huskers piglet photo
joanne hamilton dodger paladin christy chubby buckeyes hamlet abcdefgh bigfoot sunday manson goldfish garden
deftones icecream blondie spartan julie harold charger brandi stormy sherry pleasure juventus rodney galaxy
holland escort zxcvb planet jerome wesley blues song peace david1 ncc1701e cavalier gambit karen sidney ripper
oicu812 jamie sister marie martha nylons aardvark nadine minnie whiskey bing plastic anal babylon5 chang
savannah loser racecar insane yankees1 mememe hansolo chiefs fredfred freak frog salmon concrete yvonne zxcv
shamrock atlantis warren wordpass julian mariah rommel harris predator sylvia massive cats sammy1 mister stud
marathon rubber ding trunks desire montreal justme faster kathleen irish bertha jessica1 alpine sammie
diamonds tristan swinger shan stallion pitbull letmein2 roberto ready april palmer ming shadow1 audrey chong
clitoris wang shirley fuckers jackoff bluesky sundance renegade hollywoo bernard wolfman soldier picture
pierre ling goddess manager nikita sweety titans hang fang ficken niners bottom bubble hello123 ibanez webster
sweetpea stocking tornado lindsey content bruce buck aragorn griffin chen campbell trojan christop newman
wayne tina rockstar father geronimo pascal crimson brooks hector penny anna google camera chandler fatcat
lovelove cody cunts waters stimpy finger cindy wheels viper1 latin robin greenday creampie brendan hiphop
willy snapper funtime duck trombone adult cotton cookies kaiser mulder westham latino jeep ravens aurora
drizzt madness energy kinky sophia stefan slick rocker freeman french mongoose speed dddddd hong henry hungry
yang catdog cheng ghost gogogo randy tottenha curious butterfl mission january singer sherman shark techno
lancer lalala autumn chichi orion trixie clifford delta bobbob bomber holden kang kiss spunky liquid mary
beagle granny network bond kkkkkk millie biggie beetle teacher susan toronto anakin genius dream cocks dang
bush karate snakes bangkok callie fuckyou2 pacific daytona kelsey infantry skywalke foster felix sailing
raistlin vanhalen huang herbert jacob blackie tarzan strider sherlock lang gong sang dietcoke ultimate tree
shai sprite ting artist chai chao devil python ninja misty ytrewq sweetie superfly tian jing jesus1 freedom1
dian drpepper potter chou darren hobbit violet yong shen phillip maurice gloria nolimit mylove biscuit yahoo
shasta sex4me smoker smile pebbles pics philly tong tintin lesbians marlin cactus frank1 tttttt chun danni
emerald showme pirates lian dogg colleen xiao xian tazman tanker patton toshiba richie alberto gotcha graham
dillon rang emily keng jazz bigguy yuan woman tomtom marion greg chaos fossil flight racerx tuan creamy boss
bobo musicman warcraft window blade shuang sheila shun lick jian microsoft rong allen feng getsome sally
quality kennedy morrison beng wwwwww yoyoyo zhang seng teddy joanna andreas harder luke qazxsw qian cong chuan
deng nang boeing keeper western isabelle subaru sheng thuglife teng jiong miao martina mang maniac pussie
tracey a1b2c3 clayton zhou zhuang xing stonecol snow spyder liang jiang memphis regina ceng magic1 logitech
chuang dark million blow sesame shao poison titty terry kuan kuai kyle mian guan hamster guai ferret florence
geng duan pang maiden quan velvet nong neng nookie buttons bian bingo biao zhong zeng xiong zhun ying zong
xuan zang 0.0.000 suan shei shui sharks shang shua small peng pian piao liao meng miami reng guang cang change
ruan diao luan lucas qing chui chuo cuan nuan ning heng huan kansas muscle monroe weng whitney 1passwor
bluemoon zhui zhua xiang zheng zhen zhei zhao zhan yomama zhai zhuo zuan tarheel shou shuo tiao lady leonard
leng kuang jiao basket qiao qiong qiang chuai nian niao niang huai bianca zhuan zhuai shuan shuai stardust
jumper margaret archie charlott forget qwertz bones history milton waterloo stuff office oldman preston trains
murray vertigo black1 swallow smiles standard alexandr parrot luther user nicolas surfing pioneer pete masters
apple1 asdasd auburn hannibal frontier panama lucy buffy brianna welcome1 vette blue22 shemale baggins groovy
global turner blades spanking life byteme lobster collins dawg hilton japanese polo markus coco deedee mikey
strip jersey green1 capital sasha sadie putter vader seven7 lester marcel banshee grendel gilbert dicks dead
hidden iloveu sound ledzep michel female bugger buffett bryan hell kristina molson wookie sprint thanks
jericho grace fuckin mandy ranger1 trebor deepthroat bonehead molly1 mirage models stuart showtime squirrel
pentium mario anime gator powder twister connect neptune bruno butts engine eatshit mustangs woody1 shogun
septembe pooh jimbo roger annie bacon center russian sabine damien mollie voyeur leonardo camel chair germany
giant qqqq nudist bone sleepy tequila megan fighter garrett dominic obiwan makaveli vacation walnut ladybug
cantona ccbill satan rusty1 passwor1 columbia napoleon dusty kissme motorola william1 zzzz skater smut play
matthew1 robinson valley coolio dagger boner bull horndog jason1 blake penguins rescue griffey 8j4ye3uz
californ champs qwertyuiop portland queen colt45 boat xxxxxxx xanadu tacoma mason carpet gggggg safety palace
italia stevie picturs picasso thongs tempest ricardo roberts asd123 hairy foxtrot gary nimrod hotboy asdfghjkl
goose overlord blood wood stranger shaolin sooners socrates spiderman peanuts maxine rogers andrew1 filthy
donnie ohyeah africa national kenny keith monique intrepid jasmin pickles assass fright potato darwin hhhhhh
kingdom weezer pepsi1 throat romeo gerard looker puppy butch monika suzanne sweets temple laurie josh megadeth
analsex nymets ddddddd bigballs support stick today down oakland oooooo qweasd chucky bridge carrot chargers
discover dookie condor night butler hoover horny1 isabella sunrise sinner jojo megapass martini assfuck
grateful ffffff abigail esther mushroom janice jamaica wright sims space there timmy cccccc gizmodo roxanne
ralph tractor cristina dance mypass hongkong helena blue123 pissing thomas1 redred rich basketball attack cash
satan666 drunk dixie dublin bollox kingkong katrina miles sexx penelope thompson anything bbbb battle grizzly
passat porter tracy defiant bowler knickers monitor wisdom wild slappy thor letsgo robert1 feet rush brownie
hudson playing playtime lightnin melvin atomic bart hawk goku glory llllll qwaszx cosmos bosco knights bentley
beast slapshot lewis assword frosty gillian sara dumbass mallard dddd deanna elwood wally titleist angelo
aussie guest golfing doobie loveit chloe elliott werewolf vipers janine blabla surf sucking tardis serena
shelley thegame legion rebels fernando fast gerald sarah1 double onelove loulou toto crash blackcat tacobell
soccer1 jedi manuel method river chase ludwig poopie derrick boob breast kittycat isabel belly pikachu
thunder1 thankyou jose celeste celtics frances frogger scoobydo sabbath coltrane budman willis jackal bigger
zzzzz silvia sooner licking gopher geheim lonestar primus pooper newpass brasil heather1 husker element moomoo
beefcake zzzzzzzz tammy shitty smokin personal jjjj anthony1 anubis backup gorilla fuckface painter lowrider
punkrock traffic claude daniela dale delta1 nancy boys easy kissing kelley wendy theresa amazon alan fatass
dodgeram dingdong malcolm qqqqqqqq breasts boots honda1 spidey poker temp johnjohn miguel archer asshole1
dogdog tricky crusader weather syracuse spankme speaker meridian amadeus back harley1 falcons dorothy turkey50
kenwood keyboard ilovesex blackman shazam shalom lickit jimbob richmond roller carson check fatman funny
garbage sandiego loving magnus cooldude clover mobile bell payton plumber texas1 tool topper jenna mariners
rebel harmony caliente celica fletcher german diana oxford osiris orgasm punkin porsche9 tuesday close breeze
bossman kangaroo billie latinas judith astros scruffy donna qwertyu davis hearts kathy jammer java springer
rhonda ricky goodtime chelsea1 freckles flyboy doodle city nebraska bootie kicker webmaster vulcan iverson
blueeyes stoner farside rugby director pussy69 power1 bobbie hershey hermes monopoly west birdman blessed
blackjac southern peterpan thumbs lawyer melinda fingers fuckyou1 rrrrrr a1b2c3d4 coke nicola bohica heart
elvis1 kids blacky stories sentinel snake1 phoebe jesse richard1 1234abcd guardian candyman fisting scarlet
dildo pancho mandingo lucky7 condom munchkin billyboy summer1 student sword skiing sergio site sony thong
rootbeer assassin cassidy frederic fffff fitness giovanni scarlett durango postal achilles dawn dylan kisses
warriors imagine plymouth topdog asterix hallo cameltoe fuckfuck bridget eeeeee mouth weird will sithlord
sommer toby theking juliet avenger backdoor goodbye chevrole faith lorraine trance cosworth brad houses homers
eternity kingpin verbatim incubus blond zaphod shiloh spurs station jennie maynard mighty aliens hank charly
running dogman omega1 printer aggies chocolate deadhead hope javier bitch1 stone55 pineappl thekid lizzie
rockets ashton camels formula forrest rosemary oracle rain pussey porkchop abcde clancy nellie mystic inferno
blackdog steve1 pauline alexander alice alfa grumpy flames scream lonely puffy proxy valhalla unreal cynthia
herbie engage yyyyyy solomon pistol melody celeb flying gggg santiago scottie oakley portugal a12345 newbie
mmmm venus 1qazxsw2 beverly zorro work writer stripper sebastia spread phil tobias links members metal andre
funfun trojans again cyber hurrican moneys 1x2zkg8w zeus thing tomato lion atlantic celine usa123 trans
account aaaaaaa homerun hyperion kevin1 blacks skittles sean hastings fart gangbang fubar sailboat older
oilers craig conrad church damian dean broken buster1 hithere immortal sticks pilot peters lexmark jerkoff
maryland anders cheers possum columbus cutter muppet beautiful stolen swordfish sport sonic peter1 jethro
rockon asdfghj pass123 paper pornos ncc1701a bootys buttman bonjour escape becky bears spartans tinman
threesom lemons maxmax bbbbb camelot chad chewie gogo fusion saint dilligaf nopass myself hustler hunter1
whitey beast1 yesyes spank smudge pinkfloy patriot lespaul annette hammers catalina finish formula1 sausage
scooter1 orioles oscar1 over colombia cramps natural eating exotic iguana bella suckers strong sheena start
slave pearl topcat lancelot angelica magelan racer ramona crunch british button eileen steph skinny seeking
rockhard chief filter first freaks sakura pacman poontang dalton newlife homer1 klingon watcher walleye tasha
tasty sinatra starship steel starbuck poncho amber1 gonzo grover catherin carol candle firefly goblin scotch
diver usmc huskies eleven kentucky kitkat israel beckham bicycle yourmom studio tara shane splash jimmy1
reality caitlin focus sapphire mailman raiders1 clark ddddd hopper excalibu more wilbur illini imperial
phillips lansing maxx gothic golfball carlton camille facial front242 macdaddy qwer1234 vectra cowboys1 crazy1
dannyboy jane betty benny bennett leader martinez aquarius barkley hayden caught franky ffff floyd sassy pppp
pppppppp prodigy clarence noodle eatpussy vortex wanking beatrice billy1 siemens pedro phillies research
groups carolyn chevy1 cccc fritz gggggggg doughboy dracula nurses loco madrid lollipop trout utopia chrono
cooler conner nevada wibble werner summit marco marilyn babies capone fugazi panda mama qazwsxed puppies
triton command nnnnnn ernest momoney iforgot wolfie studly shawn renee alien hamburg 81fukkc catman china
forgot gagging scott1 drew oregon qweqwe train crazybab daniel1 cutlass brothers holes heidi mothers music1
what walrus bigtime bike xtreme simba ssss rookie angie bathing fresh sanchez rotten maestro luis look turbo1
butthole hhhh elijah monty bender yoda shania shock phish thecat rightnow reagan baddog asia greatone gateway1
randall abstr napster brian1 bogart high hitler emma kill weaver wildfire jackson1 isaiah belinda beaner yoyo
0.0.0.000 super1 select snuggles slutty some phoenix1 technics toon raven1 rayray albion greens fashion
gesperrt santana paint powell credit darling mystery bowser bottle brucelee hehehe kelly1 mojo bikini woofwoof
yyyy strap sites spears theodore julius richards amelia central f**k nyjets punisher username vanilla twisted
bryant brent bunghole here elizabeth erica kimber viagra veritas pony pool titts labtec lifetime jenny1
masterbate mayhem redbull govols gremlin gmoney rupert rovers diamond1 lorenzo trident abnormal davidson
deskjet cuddles nice bristol karina milano vh5150 jarhead bigbird bizkit sixers slider star69 starfish
penetration tommy1 john316 meghan michaela market grant caligula carl flicks films madden railroad cosmo
cthulhu bradford br0d3r military bearbear swedish spawn patrick1 polly these todd reds anarchy groove franco
fuckher oooo tyrone vegas airbus cobra1 christine clips delete duster kitty1 mouse1 monkeys jazzman swinging
stroke stocks sting pippen labrador jordan1 justdoit meatball females saturday park vector cooter defender
desert demon nike bubbas bonkers english kahuna wildman sirius static piercing terror teenage leelee marissa
microsof mechanic robotech rated hailey chaser sanders salsero nuts macross quantum rachael tsunami universe
daddy1 cruise nguyen newpass6 nudes hellyeah vernon zaq12wsx striker sixty steele spice spectrum smegma thumb
jjjjjjjj mellow astrid cancun cartoon sabres samiam pants oranges oklahoma lust coleman denali nude noodles
buzz brest hooter mmmmmmmm warthog bloody blueblue zappa wolverine sniffing lance jean jjjjj harper calico
freee rover door pooter closeup bonsai evelyn emily1 kathryn keystone iiii yzerman theboss tolkien jill
megaman rasta bbbbbbbb bean handsome hal9000 goofy gringo gofish gizmo1 samsam scuba onlyme tttttttt corrado
clown clapton deborah boris bulls vivian jayhawk bethany wwww sharky seeker ssssssss somethin pillow thesims
lighter lkjhgf melissa1 marcius2 barry guiness gymnast casey1 goalie godsmack doug lolo rangers1 poppy abby
clemson clipper deeznuts nobody holly1 elliot eeee kingston miriam belle yosemite sucked sex123 sexy69
tommyboy lamont meat masterbating marianne marc gretzky happyday frisco scratch orchid orange1 manchest quincy
unbelievable aberdeen dawson nathalie ne1469 boxing hill korn intercourse ziggy supersta stoney senior amature
barber babyboy bcfields goliath hack hardrock children frodo scout scrappy rosie qazqaz tracker active craving
commando cohiba deep cyclone dana bubba69 katie1 mpegs vsegda jade irish1 better sexy1 sinclair smelly
squerting lions jokers jeanette julia jojojo meathead ashley1 groucho cheetah champ firefox gandalf1 packer
magnolia love69 tyler1 typhoon tundra bobby1 kenworth village volley beth wolf359 swimmer skydive smokes patty
peugeot pompey legolas kristy redhot rodman redalert having grapes 4runner carrera floppy dollars ou8122
quattro adams cloud9 davids nofear busty homemade mmmmm whisper vermont webmaste wives insertion jayjay
philips phone topher tongue temptress midget ripken havefun gretchen canon celebrity five getting ghetto
direct otto ragnarok trinidad usnavy conover cruiser dalshe nicole1 buzzard hottest kingfish misfit moore
milfnew warlord wassup bigsexy blackhaw zippy shearer tights thursday kungfu labia journey meatloaf marlene
rider area51 batman1 bananas cancel ggggg paradox mack lynn queens adults aikido cigars nova hoosier eeyore
moose1 warez interacial streaming pertinant pool6123 mayday rivers revenge animated banker baddest gordon24
ccccc fortune fantasies touching aisan deadman homepage ejaculation whocares iscool jamesbon 1pussy womam
sweden skidoo spock sssss petra pepper1 pinhead micron allsop amsterda army aside gunnar chip foot fowler
february face fletch george1 sapper science sasha1 luckydog lover1 magick popopo public ultima derek cypress
booker businessbabe brandon1 edwards experience vulva vvvv jabroni bigbear yummy searay secret1 showing sinbad
sexxxx soleil software piccolo thirteen leopard legacy jensen justine memorex marisa mathew redwing rasputin
anfield greenbay gore catcat feather scanner pa55word contortionist danzig daisy1 hores erik exodus vinnie
iiiiii zero subway tank second snapple sneakers sonyfuck picks poodle test1234 their llll junebug june marker
mellon ronaldo roadkill amanda1 asdfjkl beaches greene great1 cheerleaers force doitnow ozzy madeline radio
tyson christian daphne boxster brighton housewifes emmanuel emerson kkkk mnbvcx moocow vides wagner janet
bigmoney blonds storys stereo seductive sexygirl lesbean live justin1 animals balance hansen cabbage canadian
gangbanged dodge1 dimas lori loud malaka puss probes adriana coolman crawford dante nacked hotpussy erotica
kool mirror wearing implants intruder bigass zenith woohoo womans tanya tango stacy pisces laguna krystal
maxell andyod22 barcelon chainsaw chickens flash1 downtown orgasms magicman profit pusyy pothead coconut
chuckie contact clevelan designer builder budweise hotshot horizon hole experienced mondeo wifes strange
stumpy smiths sparks slacker piper pitchers passwords laptop jeremiah allmine alliance bbbbbbb asscock
halflife grandma hayley cecilia chacha saratoga sandy1 santos doogie number positive qwert40 transexual crow
close-up darrell bonita ib6ub9 volvo jacob1 iiiii beastie sunnyday stoned sonics starfire snapon pictuers pepe
testing1 tiberius lisalisa lesbain litle retard ripple austin1 badgirl golfgolf flounder garage royals dragoon
dickie passwor ocean majestic poppop trailers dammit nokia bobobo br549 emmitt knock minime mikemike whitesox
seamus solo sparkle sluttey pictere titten lback angelina goodluck charlton fingerig gallaries goat ruby
passme oasis lockerroom logan1 rainman twins treasure absolutely club custom cyclops nipper bucket homepage-
hhhhh momsuck indain beerbeer bimmer susanne stunner stevens shell sheba tootsie tiny testerer reefer really
harcore gollum chico caveman carole fordf150 fishes
`;
