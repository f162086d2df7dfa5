"""Practice: questions built from the scenarios, for judges in training and players.

Every scenario holds a position, its plays and the ruling's outcome; exploring the play it turns on gives the
outcomes of every other choice, which are the wrong answers a learner is tempted by. This package turns a scenario
into a multiple-choice question and reveals it with the traces that lead to each answer. It is pure: the web service
renders what it returns, and nothing here reads a request or stores anything.

- :mod:`judge.practice.lines`: the scenario's plays run the ruling's way and the other ways (another answer,
  another rulebook), and the play a question asks about;
- :mod:`judge.practice.wording`: the facts of a position as sentences a judge reads ("Troll is in p2's discard
  pile", "p2 has 3 æmber");
- :mod:`judge.practice.choices` and :mod:`judge.practice.facts`: the two kinds of question, "what happens?" (its
  answers, each phrased by the facts that tell it apart) and, where the play has one outcome only, a fact of the
  result;
- :mod:`judge.practice.traces`: where two traces part, and the step that decides;
- :mod:`judge.practice.questions`: a question from a scenario file, within a work budget;
- :mod:`judge.practice.views`: what a question page shows, as plain data;
- :mod:`judge.practice.catalogue`: the scenarios of each game, their topics and levels, and a session's order.
"""
