"""The computer opponents as characters: a portrait drawn by our code (SVG), a colour, and a few lines of
speech in each one's style, said in a bubble on their moves.

A portrait is built from a few parts (face, hair, headwear, glasses, a bird's head for the two birds); every
coordinate is a whole number, so the drawing is the same text under MicroPython and CPython. Lines are chosen
from the step of the view (no randomness: the same game says the same things). Nothing here decides a move.
Written in the Python both MicroPython and CPython run.
"""

from web.page.i18n import N_, _

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

# What a character can say, by occasion.
OCCASIONS = ("take", "pass", "knock", "gin", "undercut", "undercut-by", "meld", "layoff", "win", "lose", "rummy",
             "draw-low")

DEFAULT: "dict[str, Any]" = {
    "color": "#5c6bc0", "skin": "#f0c7a0", "hair": "#4a3222", "style": "short", "hat": None, "glasses": False,
    "beard": False, "bird": None, "mouth": "smile",
    "lines": {
        "take": (
            # i18n: any computer opponent without lines of its own, on taking the top card of the discard pile
            N_("I'll take that."),
        ),
        "pass": (
            # i18n: any computer opponent without lines of its own, on passing on the first upcard, not taking it
            N_("Pass."),
        ),
        "knock": (
            # i18n: any computer opponent without lines of its own, on knocking (ending the hand with a little
            # deadwood left)
            N_("Knock!"),
        ),
        "gin": (
            # i18n: any computer opponent without lines of its own, on going gin (ending the hand with every card in
            # melds)
            N_("Gin!"),
        ),
        "undercut": (
            # i18n: any computer opponent without lines of its own, on undercutting the player who knocked (and so
            # winning the hand)
            N_("Undercut!"),
        ),
        "undercut-by": (
            # i18n: any computer opponent without lines of its own, on being undercut after knocking (and so losing
            # the hand)
            N_("Oh no…"),
        ),
        "meld": (
            # i18n: any computer opponent without lines of its own, on laying down a meld
            N_("There."),
        ),
        "layoff": (
            # i18n: any computer opponent without lines of its own, on laying off a card on a meld on the table
            N_("That fits."),
        ),
        "win": (
            # i18n: any computer opponent without lines of its own, on winning a hand
            N_("Good hand."),
        ),
        "lose": (
            # i18n: any computer opponent without lines of its own, on losing a hand to you
            N_("Well played."),
        ),
        "rummy": (
            # i18n: any computer opponent without lines of its own, on going rummy (going out in one turn, every card
            # melded at once)
            N_("Rummy!"),
        ),
        "draw-low": (
            # i18n: any computer opponent without lines of its own, on a disappointing draw
            N_("Hmm."),
        ),
    },
}

CHARACTERS: "dict[str, dict[str, Any]]" = {
    # Gin
    "pip": {"color": "#43a047", "skin": "#f6d2b4", "hair": "#d9822b", "style": "tuft", "hat": "beanie", "mouth": "open",
        "lines": {
            "take": (
                # i18n: Pip (an excitable beginner at Gin, childlike), on taking the top card of the discard pile
                N_("Ooh, I'll have that one!"),
                # i18n: Pip (an excitable beginner at Gin, childlike), on taking the top card of the discard pile
                N_("Mine? Mine!"),
            ),
            "pass": (
                # i18n: Pip (an excitable beginner at Gin, childlike), on passing on the first upcard, not taking it
                N_("Um… pass?"),
                # i18n: Pip (an excitable beginner at Gin, childlike), on passing on the first upcard, not taking it
                N_("Not that one."),
            ),
            "knock": (
                # i18n: Pip (an excitable beginner at Gin, childlike), on knocking (ending the hand with a little
                # deadwood left)
                N_("Knock knock! Did I do it right?"),
            ),
            "gin": (
                # i18n: Pip (an excitable beginner at Gin, childlike), on going gin (ending the hand with every card
                # in melds)
                N_("GIN! Did I win? I won!"),
            ),
            "undercut": (
                # i18n: Pip (an excitable beginner at Gin, childlike), on undercutting the player who knocked (and so
                # winning the hand)
                N_("Wait, I got you?!"),
            ),
            "undercut-by": (
                # i18n: Pip (an excitable beginner at Gin, childlike), on being undercut after knocking (and so losing
                # the hand)
                N_("Aw, shucks."),
                # i18n: Pip (an excitable beginner at Gin, childlike), on being undercut after knocking (and so losing
                # the hand)
                N_("That's not fair…"),
            ),
            "win": (
                # i18n: Pip (an excitable beginner at Gin, childlike), on winning a hand
                N_("Yay!"),
            ),
            "lose": (
                # i18n: Pip (an excitable beginner at Gin, childlike), on losing a hand to you
                N_("Next time!"),
                # i18n: Pip (an excitable beginner at Gin, childlike), on losing a hand to you
                N_("Aw…"),
            ),
        },
    },
    "rex": {"color": "#e53935", "skin": "#e8b48c", "hair": "#2b1d14", "style": "flat", "hat": "cap", "mouth": "grin",
        "lines": {
            "take": (
                # i18n: Rex (a brash, impatient Gin player), on taking the top card of the discard pile
                N_("Mine."),
                # i18n: Rex (a brash, impatient Gin player), on taking the top card of the discard pile
                N_("Gimme that."),
            ),
            "pass": (
                # i18n: Rex (a brash, impatient Gin player), on passing on the first upcard, not taking it
                N_("Nah."),
            ),
            "knock": (
                # i18n: Rex (a brash, impatient Gin player), on knocking (ending the hand with a little deadwood left)
                N_("Knock! Let's go!"),
                # i18n: Rex (a brash, impatient Gin player), on knocking (ending the hand with a little deadwood left)
                N_("Knocking. Boom."),
            ),
            "gin": (
                # i18n: Rex (a brash, impatient Gin player), on going gin (ending the hand with every card in melds)
                N_("Gin, baby!"),
            ),
            "undercut": (
                # i18n: Rex (a brash, impatient Gin player), on undercutting the player who knocked (and so winning
                # the hand)
                N_("Ha! Undercut!"),
            ),
            "undercut-by": (
                # i18n: Rex (a brash, impatient Gin player), on being undercut after knocking (and so losing the hand)
                N_("Argh! Undercut?!"),
                # i18n: Rex (a brash, impatient Gin player), on being undercut after knocking (and so losing the hand)
                N_("No way…"),
            ),
            "win": (
                # i18n: Rex (a brash, impatient Gin player), on winning a hand
                N_("Too easy."),
            ),
            "lose": (
                # i18n: Rex (a brash, impatient Gin player), on losing a hand to you
                N_("Lucky cards."),
                # i18n: Rex (a brash, impatient Gin player), on losing a hand to you
                N_("Rematch."),
            ),
            "draw-low": (
                # i18n: Rex (a brash, impatient Gin player), on a disappointing draw
                N_("Come on…"),
            ),
        },
    },
    "magpie": {"color": "#263238", "bird": "magpie",
        "lines": {
            "take": (
                # i18n: Magpie (a magpie, the bird that hoards shiny things; plays Gin), on taking the top card of the
                # discard pile
                N_("Shiny! I'll have that."),
                # i18n: Magpie (a magpie, the bird that hoards shiny things; plays Gin), on taking the top card of the
                # discard pile
                N_("Ooh, mine now."),
            ),
            "pass": (
                # i18n: Magpie (a magpie, the bird that hoards shiny things; plays Gin), on passing on the first
                # upcard, not taking it
                N_("Not shiny enough."),
            ),
            "knock": (
                # i18n: Magpie (a magpie, the bird that hoards shiny things; plays Gin), on knocking (ending the hand
                # with a little deadwood left)
                N_("Knock. Hand over the shinies."),
            ),
            "gin": (
                # i18n: Magpie (a magpie, the bird that hoards shiny things; plays Gin), on going gin (ending the hand
                # with every card in melds)
                N_("Gin! All mine!"),
            ),
            "undercut": (
                # i18n: Magpie (a magpie, the bird that hoards shiny things; plays Gin), on undercutting the player
                # who knocked (and so winning the hand)
                N_("Caught you, little thief."),
            ),
            "undercut-by": (
                # i18n: Magpie (a magpie, the bird that hoards shiny things; plays Gin), on being undercut after
                # knocking (and so losing the hand)
                N_("Squawk!"),
            ),
            "win": (
                # i18n: Magpie (a magpie, the bird that hoards shiny things; plays Gin), on winning a hand
                N_("Into the nest it goes."),
            ),
            "lose": (
                # i18n: Magpie (a magpie, the bird that hoards shiny things; plays Gin), on losing a hand to you
                N_("Hmph. Ruffled."),
            ),
        },
    },
    "sam": {"color": "#6d4c41", "skin": "#d9a47a", "hair": "#5a3b22", "style": "short", "glasses": True,
        "lines": {
            "take": (
                # i18n: Sam (a calm, sensible Gin player), on taking the top card of the discard pile
                N_("Sensible card."),
                # i18n: Sam (a calm, sensible Gin player), on taking the top card of the discard pile
                N_("That'll do nicely."),
            ),
            "pass": (
                # i18n: Sam (a calm, sensible Gin player), on passing on the first upcard, not taking it
                N_("I'll pass."),
            ),
            "knock": (
                # i18n: Sam (a calm, sensible Gin player), on knocking (ending the hand with a little deadwood left)
                N_("I'll knock here."),
            ),
            "gin": (
                # i18n: Sam (a calm, sensible Gin player), on going gin (ending the hand with every card in melds)
                N_("Gin. Textbook."),
            ),
            "undercut": (
                # i18n: Sam (a calm, sensible Gin player), on undercutting the player who knocked (and so winning the
                # hand)
                N_("Undercut, sorry."),
            ),
            "undercut-by": (
                # i18n: Sam (a calm, sensible Gin player), on being undercut after knocking (and so losing the hand)
                N_("Ah. Should have waited."),
            ),
            "win": (
                # i18n: Sam (a calm, sensible Gin player), on winning a hand
                N_("Steady wins."),
            ),
            "lose": (
                # i18n: Sam (a calm, sensible Gin player), on losing a hand to you
                N_("Good game."),
            ),
        },
    },
    "vera": {"color": "#8e24aa", "skin": "#f3cdb0", "hair": "#1d1d2b", "style": "bob", "mouth": "smirk",
        "lines": {
            "take": (
                # i18n: Vera (a smug, elegant Gin player who waits to undercut), on taking the top card of the discard
                # pile
                N_("Thank you, darling."),
            ),
            "pass": (
                # i18n: Vera (a smug, elegant Gin player who waits to undercut), on passing on the first upcard, not
                # taking it
                N_("Go on."),
                # i18n: Vera (a smug, elegant Gin player who waits to undercut), on passing on the first upcard, not
                # taking it
                N_("Not for me."),
            ),
            "knock": (
                # i18n: Vera (a smug, elegant Gin player who waits to undercut), on knocking (ending the hand with a
                # little deadwood left)
                N_("Knock. Rarely wrong."),
            ),
            "gin": (
                # i18n: Vera (a smug, elegant Gin player who waits to undercut), on going gin (ending the hand with
                # every card in melds)
                N_("Gin, darling."),
            ),
            "undercut": (
                # i18n: Vera (a smug, elegant Gin player who waits to undercut), on undercutting the player who
                # knocked (and so winning the hand)
                N_("Undercut. I was waiting."),
                # i18n: Vera (a smug, elegant Gin player who waits to undercut), on undercutting the player who
                # knocked (and so winning the hand)
                N_("Knock into me? Sweet."),
            ),
            "undercut-by": (
                # i18n: Vera (a smug, elegant Gin player who waits to undercut), on being undercut after knocking (and
                # so losing the hand)
                N_("How rude."),
            ),
            "win": (
                # i18n: Vera (a smug, elegant Gin player who waits to undercut), on winning a hand
                N_("As planned."),
            ),
            "lose": (
                # i18n: Vera (a smug, elegant Gin player who waits to undercut), on losing a hand to you
                N_("Hm. Clever."),
            ),
        },
    },
    "ada": {"color": "#1e88e5", "skin": "#f1d0b5", "hair": "#7b4a2a", "style": "bun", "glasses": True,
        "lines": {
            "take": (
                # i18n: Ada (a Gin player who thinks in probabilities and numbers), on taking the top card of the
                # discard pile
                N_("Probability says yes."),
                # i18n: Ada (a Gin player who thinks in probabilities and numbers), on taking the top card of the
                # discard pile
                N_("Noted, and taken."),
            ),
            "pass": (
                # i18n: Ada (a Gin player who thinks in probabilities and numbers), on passing on the first upcard,
                # not taking it
                N_("The odds say pass."),
            ),
            "knock": (
                # i18n: Ada (a Gin player who thinks in probabilities and numbers), on knocking (ending the hand with
                # a little deadwood left)
                N_("Expected value: positive. Knock."),
            ),
            "gin": (
                # i18n: Ada (a Gin player who thinks in probabilities and numbers), on going gin (ending the hand with
                # every card in melds)
                N_("Gin. As computed."),
            ),
            "undercut": (
                # i18n: Ada (a Gin player who thinks in probabilities and numbers), on undercutting the player who
                # knocked (and so winning the hand)
                N_("Undercut, by the numbers."),
            ),
            "undercut-by": (
                # i18n: Ada (a Gin player who thinks in probabilities and numbers), on being undercut after knocking
                # (and so losing the hand)
                N_("An outlier."),
            ),
            "win": (
                # i18n: Ada (a Gin player who thinks in probabilities and numbers), on winning a hand
                N_("Q.E.D."),
            ),
            "lose": (
                # i18n: Ada (a Gin player who thinks in probabilities and numbers), on losing a hand to you
                N_("Interesting data."),
            ),
        },
    },
    "goldie": {"color": "#f9a825", "skin": "#f6d5bd", "hair": "#e2b23c", "style": "curls", "mouth": "smile",
        "earrings": True,
        "lines": {
            "take": (
                # i18n: Goldie (a glamorous, showy Gin player who holds out for gin), on taking the top card of the
                # discard pile
                N_("Gorgeous. Mine."),
            ),
            "pass": (
                # i18n: Goldie (a glamorous, showy Gin player who holds out for gin), on passing on the first upcard,
                # not taking it
                N_("Darling, no."),
            ),
            "knock": (
                # i18n: Goldie (a glamorous, showy Gin player who holds out for gin), on knocking (ending the hand
                # with a little deadwood left)
                N_("Fine, a knock. Don't get used to it."),
            ),
            "gin": (
                # i18n: Goldie (a glamorous, showy Gin player who holds out for gin), on going gin (ending the hand
                # with every card in melds)
                N_("Gin or nothing, honey!"),
                # i18n: Goldie (a glamorous, showy Gin player who holds out for gin), on going gin (ending the hand
                # with every card in melds)
                N_("Gin! Obviously."),
            ),
            "undercut": (
                # i18n: Goldie (a glamorous, showy Gin player who holds out for gin), on undercutting the player who
                # knocked (and so winning the hand)
                N_("Oops, undercut!"),
            ),
            "undercut-by": (
                # i18n: Goldie (a glamorous, showy Gin player who holds out for gin), on being undercut after knocking
                # (and so losing the hand)
                N_("Ugh. Tacky."),
            ),
            "win": (
                # i18n: Goldie (a glamorous, showy Gin player who holds out for gin), on winning a hand
                N_("Dazzling."),
            ),
            "lose": (
                # i18n: Goldie (a glamorous, showy Gin player who holds out for gin), on losing a hand to you
                N_("Next hand is mine."),
            ),
        },
    },
    "hugo": {"color": "#00838f", "skin": "#e3b995", "hair": "#2b2b2b", "style": "short", "glasses": True,
        "mouth": "smirk",
        "lines": {
            "take": (
                # i18n: Hugo (a Gin player who plays out the possible futures in his head), on taking the top card of
                # the discard pile
                N_("I've played this out. Taken."),
            ),
            "pass": (
                # i18n: Hugo (a Gin player who plays out the possible futures in his head), on passing on the first
                # upcard, not taking it
                N_("Every line says pass."),
            ),
            "knock": (
                # i18n: Hugo (a Gin player who plays out the possible futures in his head), on knocking (ending the
                # hand with a little deadwood left)
                N_("A thousand futures agree: knock."),
            ),
            "gin": (
                # i18n: Hugo (a Gin player who plays out the possible futures in his head), on going gin (ending the
                # hand with every card in melds)
                N_("Gin. I saw it coming."),
            ),
            "undercut": (
                # i18n: Hugo (a Gin player who plays out the possible futures in his head), on undercutting the player
                # who knocked (and so winning the hand)
                N_("Undercut. Foreseen."),
            ),
            "undercut-by": (
                # i18n: Hugo (a Gin player who plays out the possible futures in his head), on being undercut after
                # knocking (and so losing the hand)
                N_("That future was unlikely."),
            ),
            "win": (
                # i18n: Hugo (a Gin player who plays out the possible futures in his head), on winning a hand
                N_("As simulated."),
            ),
            "lose": (
                # i18n: Hugo (a Gin player who plays out the possible futures in his head), on losing a hand to you
                N_("Back to the drawing board."),
            ),
        },
    },
    # Basic Rummy
    "tilly": {"color": "#ec407a", "skin": "#f8d9c2", "hair": "#c8742c", "style": "pigtails", "mouth": "open",
        "lines": {
            "take": (
                # i18n: Tilly (a cheerful beginner at Basic Rummy), on taking the top card of the discard pile
                N_("Can I have that? Thanks!"),
            ),
            "meld": (
                # i18n: Tilly (a cheerful beginner at Basic Rummy), on laying down a meld
                N_("Is this a run? It's a run!"),
                # i18n: Tilly (a cheerful beginner at Basic Rummy), on laying down a meld
                N_("Look, a meld!"),
            ),
            "layoff": (
                # i18n: Tilly (a cheerful beginner at Basic Rummy), on laying off a card on a meld on the table
                N_("It fits!"),
            ),
            "win": (
                # i18n: Tilly (a cheerful beginner at Basic Rummy), on winning a hand
                N_("I won! Really?"),
            ),
            "rummy": (
                # i18n: Tilly (a cheerful beginner at Basic Rummy), on going rummy (going out in one turn, every card
                # melded at once)
                N_("RUMMY! Is that good?"),
            ),
            "lose": (
                # i18n: Tilly (a cheerful beginner at Basic Rummy), on losing a hand to you
                N_("Oh well!"),
            ),
        },
    },
    "mel": {"color": "#fb8c00", "skin": "#e9b892", "hair": "#3b2a20", "style": "short", "hat": "chef", "mouth": "grin",
        "lines": {
            "take": (
                # i18n: Mel (a jolly cook who melds early at Basic Rummy; kitchen talk), on taking the top card of the
                # discard pile
                N_("Ooh, fresh from the pile!"),
            ),
            "meld": (
                # i18n: Mel (a jolly cook who melds early at Basic Rummy; kitchen talk), on laying down a meld
                N_("Down it goes!"),
                # i18n: Mel (a jolly cook who melds early at Basic Rummy; kitchen talk), on laying down a meld
                N_("Fresh meld, coming up!"),
            ),
            "layoff": (
                # i18n: Mel (a jolly cook who melds early at Basic Rummy; kitchen talk), on laying off a card on a
                # meld on the table
                N_("And a little extra."),
            ),
            "win": (
                # i18n: Mel (a jolly cook who melds early at Basic Rummy; kitchen talk), on winning a hand
                N_("Out! Ta-da!"),
            ),
            "rummy": (
                # i18n: Mel (a jolly cook who melds early at Basic Rummy; kitchen talk), on going rummy (going out in
                # one turn, every card melded at once)
                N_("Rummy, all at once!"),
            ),
            "lose": (
                # i18n: Mel (a jolly cook who melds early at Basic Rummy; kitchen talk), on losing a hand to you
                N_("Half-baked, that one."),
            ),
        },
    },
    "corvo": {"color": "#37474f", "bird": "crow",
        "lines": {
            "take": (
                # i18n: Corvo (a crow, sly and a little smug; plays Basic Rummy), on taking the top card of the
                # discard pile
                N_("Caw. That's mine now."),
                # i18n: Corvo (a crow, sly and a little smug; plays Basic Rummy), on taking the top card of the
                # discard pile
                N_("You wanted that? Pity."),
            ),
            "meld": (
                # i18n: Corvo (a crow, sly and a little smug; plays Basic Rummy), on laying down a meld
                N_("Caw."),
            ),
            "layoff": (
                # i18n: Corvo (a crow, sly and a little smug; plays Basic Rummy), on laying off a card on a meld on
                # the table
                N_("Snatched."),
            ),
            "win": (
                # i18n: Corvo (a crow, sly and a little smug; plays Basic Rummy), on winning a hand
                N_("Caw caw!"),
            ),
            "rummy": (
                # i18n: Corvo (a crow, sly and a little smug; plays Basic Rummy), on going rummy (going out in one
                # turn, every card melded at once)
                N_("Rummy. Caw!"),
            ),
            "lose": (
                # i18n: Corvo (a crow, sly and a little smug; plays Basic Rummy), on losing a hand to you
                N_("Hmph."),
            ),
        },
    },
    "dot": {"color": "#00897b", "skin": "#f0c9a6", "hair": "#9e9e9e", "style": "curls", "glasses": True, "dots": True,
        "lines": {
            "take": (
                # i18n: Dot (a tidy, kindly older lady who plays Basic Rummy), on taking the top card of the discard
                # pile
                N_("Tidy."),
                # i18n: Dot (a tidy, kindly older lady who plays Basic Rummy), on taking the top card of the discard
                # pile
                N_("That'll go nicely."),
            ),
            "meld": (
                # i18n: Dot (a tidy, kindly older lady who plays Basic Rummy), on laying down a meld
                N_("Neat and tidy."),
                # i18n: Dot (a tidy, kindly older lady who plays Basic Rummy), on laying down a meld
                N_("In its place."),
            ),
            "layoff": (
                # i18n: Dot (a tidy, kindly older lady who plays Basic Rummy), on laying off a card on a meld on the
                # table
                N_("Tucked in."),
            ),
            "win": (
                # i18n: Dot (a tidy, kindly older lady who plays Basic Rummy), on winning a hand
                N_("All tidied up."),
            ),
            "rummy": (
                # i18n: Dot (a tidy, kindly older lady who plays Basic Rummy), on going rummy (going out in one turn,
                # every card melded at once)
                N_("Rummy, dear."),
            ),
            "lose": (
                # i18n: Dot (a tidy, kindly older lady who plays Basic Rummy), on losing a hand to you
                N_("Oh, well done you."),
            ),
        },
    },
    "rufus": {"color": "#c62828", "skin": "#e8b48c", "hair": "#b5522a", "style": "short", "hat": "tophat",
        "beard": True, "mouth": "smirk",
        "lines": {
            "take": (
                # i18n: Rufus (a pompous old-fashioned gentleman in a top hat; plays Basic Rummy), on taking the top
                # card of the discard pile
                N_("Patience… patience."),
            ),
            "meld": (
                # i18n: Rufus (a pompous old-fashioned gentleman in a top hat; plays Basic Rummy), on laying down a
                # meld
                N_("Very well."),
            ),
            "layoff": (
                # i18n: Rufus (a pompous old-fashioned gentleman in a top hat; plays Basic Rummy), on laying off a
                # card on a meld on the table
                N_("If I must."),
            ),
            "win": (
                # i18n: Rufus (a pompous old-fashioned gentleman in a top hat; plays Basic Rummy), on winning a hand
                N_("Splendid."),
            ),
            "rummy": (
                # i18n: Rufus (a pompous old-fashioned gentleman in a top hat; plays Basic Rummy), on going rummy
                # (going out in one turn, every card melded at once)
                N_("Rummy! All in one go!"),
            ),
            "lose": (
                # i18n: Rufus (a pompous old-fashioned gentleman in a top hat; plays Basic Rummy), on losing a hand to
                # you
                N_("Curses."),
            ),
        },
    },
    "iris": {"color": "#d81b60", "skin": "#f3d2b8", "hair": "#4a2c5a", "style": "bob", "earrings": True,
        "mouth": "smile",
        "lines": {
            "take": (
                # i18n: Iris (a sharp Basic Rummy player who counts every card), on taking the top card of the discard
                # pile
                N_("That's an out. Mine."),
            ),
            "meld": (
                # i18n: Iris (a sharp Basic Rummy player who counts every card), on laying down a meld
                N_("One step closer."),
                # i18n: Iris (a sharp Basic Rummy player who counts every card), on laying down a meld
                N_("Down it goes."),
            ),
            "layoff": (
                # i18n: Iris (a sharp Basic Rummy player who counts every card), on laying off a card on a meld on the
                # table
                N_("Every card counts."),
            ),
            "win": (
                # i18n: Iris (a sharp Basic Rummy player who counts every card), on winning a hand
                N_("Out, by the shortest road."),
            ),
            "rummy": (
                # i18n: Iris (a sharp Basic Rummy player who counts every card), on going rummy (going out in one
                # turn, every card melded at once)
                N_("Rummy! Counted it all along."),
            ),
            "lose": (
                # i18n: Iris (a sharp Basic Rummy player who counts every card), on losing a hand to you
                N_("I miscounted. Well played."),
            ),
        },
    },
    "sage": {"color": "#5e35b1", "skin": "#e6c2a0", "hair": "#e0e0e0", "style": "bald", "hat": "hood", "beard": True,
        "lines": {
            "take": (
                # i18n: Sage (a serene hooded sage who speaks calmly, like proverbs; plays Basic Rummy), on taking the
                # top card of the discard pile
                N_("Every card in its time."),
            ),
            "meld": (
                # i18n: Sage (a serene hooded sage who speaks calmly, like proverbs; plays Basic Rummy), on laying
                # down a meld
                N_("Now."),
            ),
            "layoff": (
                # i18n: Sage (a serene hooded sage who speaks calmly, like proverbs; plays Basic Rummy), on laying off
                # a card on a meld on the table
                N_("It belongs there."),
            ),
            "win": (
                # i18n: Sage (a serene hooded sage who speaks calmly, like proverbs; plays Basic Rummy), on winning a
                # hand
                N_("As foreseen."),
            ),
            "rummy": (
                # i18n: Sage (a serene hooded sage who speaks calmly, like proverbs; plays Basic Rummy), on going
                # rummy (going out in one turn, every card melded at once)
                N_("Rummy. Patience rewarded."),
            ),
            "lose": (
                # i18n: Sage (a serene hooded sage who speaks calmly, like proverbs; plays Basic Rummy), on losing a
                # hand to you
                N_("The river flows on."),
            ),
        },
    },
}

YOU_COLOR = "#f2c14e"
SEAT_COLORS = ("#f2c14e", "#e57373", "#64b5f6", "#81c784", "#ba68c8", "#ffb74d")


def character(pid: str) -> "dict[str, Any]":
    """A character's data (the default one for an unknown id)."""
    return CHARACTERS.get(pid) or DEFAULT


def color_of(pid: str) -> str:
    color: str = character(pid).get("color") or DEFAULT["color"]
    return color


def line(pid: str, occasion: str, salt: int) -> str | None:
    """What ``pid`` says on ``occasion`` (None when it says nothing): a line chosen by ``salt`` (a step)."""
    lines = character(pid).get("lines", {}).get(occasion) or DEFAULT["lines"].get(occasion)
    if not lines:
        return None
    said: str = lines[salt % len(lines)]
    return _(said)


# ---------------------------------------------------------------- portraits (viewBox 0 0 100 100)

def _eyes(c: "dict[str, Any]") -> str:
    out = '<circle cx="41" cy="50" r="3.5" fill="#222"/><circle cx="59" cy="50" r="3.5" fill="#222"/>'
    if c.get("glasses"):
        out += ('<g fill="none" stroke="#222" stroke-width="2.5"><circle cx="41" cy="50" r="8"/>'
                '<circle cx="59" cy="50" r="8"/><path d="M49 50H51M33 49L27 46M67 49L73 46"/></g>')
    return out


MOUTHS = {
    "smile": '<path d="M42 64C46 69 54 69 58 64" fill="none" stroke="#6b2b1e" stroke-width="2.5" stroke-linecap="round"/>',
    "grin": '<path d="M40 62C44 71 56 71 60 62Z" fill="#fff" stroke="#6b2b1e" stroke-width="2"/>',
    "open": '<ellipse cx="50" cy="65" rx="5" ry="4" fill="#7a2b22"/>',
    "smirk": '<path d="M43 65C48 67 54 66 59 61" fill="none" stroke="#6b2b1e" stroke-width="2.5" stroke-linecap="round"/>',
}

HAIR_BACK = {
    "bob": '<path d="M24 52C22 26 36 18 50 18C64 18 78 26 76 52L76 66L24 66Z"/>',
    "curls": ('<circle cx="30" cy="40" r="12"/><circle cx="70" cy="40" r="12"/><circle cx="28" cy="58" r="11"/>'
              '<circle cx="72" cy="58" r="11"/><circle cx="40" cy="26" r="12"/><circle cx="60" cy="26" r="12"/>'),
    "pigtails": '<circle cx="22" cy="46" r="10"/><circle cx="78" cy="46" r="10"/>',
    "bun": '<circle cx="50" cy="17" r="10"/>',
}

HAIR_FRONT = {
    "short": '<path d="M29 44C28 28 38 22 50 22C62 22 72 28 71 44C66 34 58 31 50 31C42 31 34 34 29 44Z"/>',
    "flat": '<path d="M29 42V30C29 26 33 24 37 24H63C67 24 71 26 71 30V42C66 36 34 36 29 42Z"/>',
    "tuft": ('<path d="M30 44C29 30 38 23 50 23C62 23 71 30 70 44C64 36 36 36 30 44Z"/>'
             '<path d="M48 24C46 16 52 12 56 14C52 16 52 20 52 24Z"/>'),
    "bob": '<path d="M29 46C28 30 38 22 50 22C62 22 72 30 71 46C64 34 40 32 29 46Z"/>',
    "curls": '<path d="M29 44C28 28 38 22 50 22C62 22 72 28 71 44C64 34 36 34 29 44Z"/>',
    "pigtails": '<path d="M29 44C28 28 38 22 50 22C62 22 72 28 71 44C62 32 38 32 29 44Z"/>',
    "bun": '<path d="M30 44C29 29 38 23 50 23C62 23 71 29 70 44C66 33 34 33 30 44Z"/>',
    "bald": '<path d="M29 46C27 40 28 36 30 34M71 46C73 40 72 36 70 34" fill="none" stroke-width="4"/>',
}

HATS = {
    "beanie": ('<path d="M28 40C28 20 38 14 50 14C62 14 72 20 72 40Z" fill="#43a047"/>'
               '<rect x="26" y="36" width="48" height="8" rx="4" fill="#2e7d32"/><circle cx="50" cy="12" r="5" '
               'fill="#a5d6a7"/>'),
    "cap": ('<path d="M29 38C29 22 38 18 50 18C62 18 71 22 71 38Z" fill="#c62828"/>'
            '<path d="M50 36H82C80 42 70 42 50 41Z" fill="#8e0000"/>'),
    "chef": ('<path d="M32 34C24 30 26 16 36 18C38 8 60 8 62 16C74 14 76 30 68 34Z" fill="#fff" stroke="#bbb" '
             'stroke-width="1.5"/><rect x="32" y="32" width="36" height="8" fill="#f5f5f5" stroke="#bbb" '
             'stroke-width="1.5"/>'),
    "tophat": ('<rect x="34" y="6" width="32" height="24" rx="2" fill="#212121"/><rect x="34" y="24" width="32" '
               'height="5" fill="#c62828"/><rect x="24" y="29" width="52" height="6" rx="3" fill="#212121"/>'),
    "hood": '<path d="M20 70C18 30 32 14 50 14C68 14 82 30 80 70L70 70C72 40 64 28 50 28C36 28 28 40 30 70Z" fill="#4527a0"/>',
}


def _person(c: "dict[str, Any]") -> str:
    skin = c.get("skin", DEFAULT["skin"])
    hair = c.get("hair", DEFAULT["hair"])
    style = c.get("style", "short")
    out = ["".join(('<g fill="', hair, '" stroke="', hair, '">', HAIR_BACK.get(style, ""), "</g>")),
           "".join(('<path d="M18 100C20 80 34 74 50 74C66 74 80 80 82 100Z" fill="', c.get("color", "#555"), '"/>')),
           "".join(('<path d="M44 68H56V78C53 80 47 80 44 78Z" fill="', skin, '"/>')),
           "".join(('<ellipse cx="50" cy="50" rx="21" ry="24" fill="', skin, '"/>')),
           "".join(('<circle cx="29" cy="52" r="4" fill="', skin, '"/><circle cx="71" cy="52" r="4" fill="', skin, '"/>'))]
    if c.get("dots"):
        out.append('<g fill="#fff" opacity=".85"><circle cx="28" cy="92" r="3"/><circle cx="40" cy="86" r="3"/>'
                   '<circle cx="60" cy="86" r="3"/><circle cx="72" cy="92" r="3"/><circle cx="50" cy="95" r="3"/>'
                   '</g>')
    if c.get("earrings"):
        out.append('<circle cx="29" cy="59" r="3" fill="#ffd54f"/><circle cx="71" cy="59" r="3" fill="#ffd54f"/>')
    if c.get("beard"):
        out.append("".join(('<path d="M30 54C31 76 42 84 50 84C58 84 69 76 70 54C64 66 36 66 30 54Z" fill="', hair, '"/>')))
    out.append("".join(('<g fill="', hair, '" stroke="', hair, '">', HAIR_FRONT.get(style, ""), "</g>")))
    out.append('<path d="M35 42L46 41M54 41L65 42" stroke="#3a2a1c" stroke-width="2.5" stroke-linecap="round"/>')
    out.append(_eyes(c))
    out.append('<path d="M50 52L48 59H52" fill="none" stroke="#b07a58" stroke-width="2" stroke-linecap="round"/>')
    out.append('<circle cx="37" cy="60" r="4" fill="#f08a8a" opacity=".35"/><circle cx="63" cy="60" r="4" '
               'fill="#f08a8a" opacity=".35"/>')
    out.append(MOUTHS.get(c.get("mouth", "smile"), MOUTHS["smile"]))
    hat = c.get("hat")
    if hat:
        out.append(HATS.get(hat, ""))
    return "".join(out)


def _bird(c: "dict[str, Any]") -> str:
    kind = c.get("bird")
    if kind == "magpie":
        body, breast, beak = "#1c2530", "#f4f4f4", "#222"
        sheen = '<path d="M22 96C30 78 40 74 48 74L40 100Z" fill="#2f5f8f"/>'
    else:
        body, breast, beak = "#2b2f38", "#3d434f", "#1a1a1a"
        sheen = '<path d="M24 96C30 80 40 76 48 76L42 100Z" fill="#454b5a"/>'
    return "".join(('<path d="M16 100C18 78 32 70 50 70C68 70 82 78 84 100Z" fill="', body, '"/>'
                    '<path d="M36 100C38 84 44 78 52 78C60 78 64 86 64 100Z" fill="', breast, '"/>', sheen,
                    '<ellipse cx="50" cy="46" rx="24" ry="26" fill="', body, '"/>'
                    '<path d="M30 30C36 18 46 16 54 18C48 20 44 24 42 28Z" fill="', body, '"/>'
                    '<circle cx="58" cy="42" r="8" fill="#fff"/><circle cx="60" cy="42" r="4" fill="#111"/>'
                    '<circle cx="61" cy="41" r="1.5" fill="#fff"/>'
                    '<path d="M70 48L94 54L70 60Z" fill="', beak, '" stroke="#000" stroke-width="1"/>'
                    '<path d="M70 54H88" stroke="#555" stroke-width="1"/>'))


_DRAWN: dict[str, str] = {}  # portraits already drawn (the table draws them on every update)


def portrait(pid: str, size_class: str = "") -> str:
    """A character's portrait: an inline SVG on a disc of its colour."""
    key = pid + "/" + size_class
    if key not in _DRAWN:
        _DRAWN[key] = _portrait(pid, size_class)
    return _DRAWN[key]


def _portrait(pid: str, size_class: str) -> str:
    c = character(pid)
    color = c.get("color", DEFAULT["color"])
    inner = _bird(c) if c.get("bird") else _person(c)
    return "".join(('<svg class="portrait', ((" " + size_class) if size_class else ""), '" viewBox="0 0 100 100" '
                    'aria-hidden="true" focusable="false"><circle cx="50" cy="50" r="50" fill="', color, '"/>'
                    '<circle cx="50" cy="50" r="50" fill="#fff" opacity=".55"/>', inner,
                    '<circle cx="50" cy="50" r="48" fill="none" stroke="', color, '" stroke-width="4"/></svg>'))


def initial(name: str, color: str, size_class: str = "") -> str:
    """A person's disc (people at the table have no character): their name's first letter on their seat's colour
    (a direction mark or another invisible character before it skipped)."""
    shown = [ch for ch in name if not (0x2000 <= ord(ch) <= 0x206F or ord(ch) == 0xFEFF or ch == " ")]
    letter = (shown[0] if shown else "?").upper()
    esc = letter.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return "".join(('<svg class="portrait person', ((" " + size_class) if size_class else ""), '" viewBox="0 0 100 100" '
                    'aria-hidden="true" focusable="false"><circle cx="50" cy="50" r="50" fill="', color, '"/>'
                    '<text x="50" y="50" dy=".35em" text-anchor="middle" font-size="52" font-weight="700" fill="#fff" '
                    'font-family="system-ui, sans-serif">', esc, "</text></svg>"))
